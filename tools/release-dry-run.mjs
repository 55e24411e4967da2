#!/usr/bin/env node
// `pnpm release:dry-run`: what `changeset publish` would publish, without publishing. Refuses a public
// package that depends on a private one (npm could not install it), then builds and packs every public
// package into out/release/ and lists each tarball with its size; `pnpm changeset status` says which
// versions the pending changesets would make.
import { rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { packAll } from "./packed/pack.mjs";
import { privateDependencies, publicPackages, repoRoot } from "./packed/public-packages.mjs";
import { kb } from "./packed/sizes.mjs";

const wrong = privateDependencies();
if (wrong.length > 0) {
  console.error(`release:dry-run: public packages depend on private ones:\n  ${wrong.join("\n  ")}`);
  process.exit(1);
}
const dest = join(repoRoot, "out", "release");
rmSync(dest, { recursive: true, force: true });
const packs = packAll(dest);
for (const p of packs)
  console.log(
    `${`${p.name}@${p.version}`.padEnd(32)} ${kb(statSync(p.tarball).size).padStart(7)}  ${p.tarball}`,
  );
console.log(
  `release:dry-run: ${packs.length} of ${publicPackages().length} public packages packed into out/release/ (nothing published)`,
);
