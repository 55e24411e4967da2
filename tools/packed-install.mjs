#!/usr/bin/env node
// CI step (.ci/run): keel as its users get it. Packs every public package (`pnpm pack`), installs all the
// tarballs together with npm into a scratch project outside the repository (no workspace links, nothing of
// ours from the registry), and there runs what a user runs (tools/packed/smoke.mjs): any missing file,
// wrong export or path into the monorepo fails it. Prints each package's packed and installed size and
// the install size of @keel/cli with its dependencies; ends with "N passed, N failed". Removes its folder.
import { mkdtempSync, realpathSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { packAll } from "./packed/pack.mjs";
import { scratchProject } from "./packed/scratch.mjs";
import { closureBytes, kb, treeBytes } from "./packed/sizes.mjs";
import { seedProject, smokeChecks } from "./packed/smoke.mjs";

const base = realpathSync(mkdtempSync(join(tmpdir(), "keel-packed-")));
let failed = 0;
let passed = 0;
try {
  const started = Date.now();
  const packs = packAll(join(base, "packs"));
  const project = scratchProject(
    join(base, "project"),
    packs.map((p) => p.tarball),
  );
  console.log(
    `packed ${packs.length} packages and installed them with npm in ${((Date.now() - started) / 1000).toFixed(1)} s\n`,
  );
  console.log("package                     packed   installed");
  for (const p of packs) {
    const installed = treeBytes(join(project, "node_modules", p.name));
    console.log(
      `${`${p.name}@${p.version}`.padEnd(26)} ${kb(statSync(p.tarball).size).padStart(7)}  ${kb(installed).padStart(9)}`,
    );
  }
  const cli = closureBytes(project, "@keel/cli");
  console.log(`@keel/cli with its dependencies: ${kb(cli.bytes)} in ${cli.packages} packages\n`);
  const readmeCount = seedProject(project);
  if (readmeCount === 0) throw new Error("found no TypeScript example in the installed READMEs");
  const cliVersion = packs.find((p) => p.name === "@keel/cli").version;
  for (const [name, check] of smokeChecks(project, cliVersion, readmeCount)) {
    const verdict = check();
    if (verdict === true) {
      passed++;
      console.log(`ok   ${name}`);
    } else {
      failed++;
      console.log(`FAIL ${name}\n${String(verdict).replace(/^/gm, "     ")}`);
    }
  }
} catch (error) {
  failed++;
  console.log(`FAIL packing or installing: ${error.message}`);
} finally {
  rmSync(base, { recursive: true, force: true });
}
console.log(`\npacked-install: ${passed} passed, ${failed} failed`);
process.exitCode = failed > 0 ? 1 : 0;
