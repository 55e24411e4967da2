// What a user of the packed packages does in their own project, each a named check: the CLI's commands
// (with files of their own, not the repository's), ESM imports, a type-check, the GitHub Action's step.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runActionSteps } from "./action-steps.mjs";
import { repoRoot } from "./public-packages.mjs";

const sh = (cwd, command) => {
  const r = spawnSync("bash", ["-c", command], { cwd, encoding: "utf8", env: smokeEnv() });
  return { status: r.status, out: r.stdout, err: r.stderr };
};
/** No KEEL_ROOT, no colour, no `pnpm keel` leftovers: only what a user's shell would have. */
function smokeEnv() {
  const { KEEL_ROOT: _root, INIT_CWD: _init, FORCE_COLOR: _colour, ...env } = process.env;
  return { ...env, NO_COLOR: "1", npm_config_update_notifier: "false" };
}

/** Puts the user's inputs into the project: a trail, a trajectory, a myloop run, script and TS files; returns how many README examples. */
export function seedProject(dir) {
  cpSync(join(repoRoot, "schemas/myrmo/examples/trail/rich.json"), join(dir, "trail.json"));
  const broken = JSON.parse(readFileSync(join(dir, "trail.json"), "utf8"));
  delete broken.problem;
  writeFileSync(join(dir, "broken-trail.json"), `${JSON.stringify(broken, null, 2)}\n`);
  cpSync(join(repoRoot, "schemas/atif/examples/trajectory/rich.json"), join(dir, "trajectory.json"));
  cpSync(join(repoRoot, "conformance/myloop/runs/clean/myloop/mapgpt_mp3d/v1"), join(dir, "run"), {
    recursive: true,
  });
  for (const name of ["check.mjs", "check.ts"])
    cpSync(join(import.meta.dirname, "project", name), join(dir, name));
  const tsconfig = JSON.parse(readFileSync(join(import.meta.dirname, "project", "tsconfig.json"), "utf8"));
  // the user's own @types/node, as their project would have it
  tsconfig.compilerOptions.typeRoots = [join(repoRoot, "node_modules", "@types")];
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify(tsconfig, null, 2));
  return readmeExamples(dir);
}

/** The TypeScript examples of each installed README's "Use it in your project" section, as readme-*.ts files; their count. */
function readmeExamples(dir) {
  let count = 0;
  for (const name of readdirSync(join(dir, "node_modules", "@keel"))) {
    const text = readFileSync(join(dir, "node_modules", "@keel", name, "README.md"), "utf8");
    const section = text.split(/^## Use it in your project$/m)[1]?.split(/^## /m)[0] ?? "";
    const blocks = [...section.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
    for (const [i, code] of blocks.entries())
      writeFileSync(join(dir, `readme-${name}-${i}.ts`), `${code}export {};\n`);
    count += blocks.length;
  }
  return count;
}

/** [name, () => true | string (what went wrong)] for every check, in order. */
export function smokeChecks(dir, version, readmeCount) {
  const ok = (r, status, pattern) =>
    r.status === status && pattern.test(r.out + r.err)
      ? true
      : `expected exit ${status} and ${pattern}, found exit ${r.status}:\n${r.out}${r.err}`;
  const tsc = join(repoRoot, "node_modules", ".bin", "tsc");
  return [
    ["npx keel --version", () => ok(sh(dir, "npx keel --version"), 0, new RegExp(`^${version}\\n$`))],
    [
      "npx keel validate myrmo trail.json",
      () => ok(sh(dir, "npx keel validate myrmo trail.json"), 0, /^ok +trail\.json: 1 document, 0 invalid/m),
    ],
    [
      "npx keel validate myrmo broken-trail.json (invalid)",
      () => ok(sh(dir, "npx keel validate myrmo broken-trail.json"), 1, /schema\/required.*problem/),
    ],
    [
      "npx keel validate atif trajectory.json",
      () => ok(sh(dir, "npx keel validate atif trajectory.json"), 0, /^ok +trajectory\.json/m),
    ],
    ["npx keel lint myloop run", () => ok(sh(dir, "npx keel lint myloop run"), 0, /ok/)],
    [
      "npx keel explain myloop/<rule> (rules shipped in @keel/myloop)",
      () => ok(sh(dir, "npx keel explain myloop/goal-title"), 0, /myloop\/goal-title/),
    ],
    [
      "npx keel explain <rule> cites what the user has: upstream sources by name, no repository path",
      () => {
        const r = sh(dir, "npx keel explain atif/step-id-sequence && npx keel explain myloop/goal-title");
        const leak = /(?<![\w/.:-])(?:packages|schemas|conformance)\/\S*/.exec(r.out);
        return leak === null ? ok(r, 0, /meaning: /) : `explain printed a repository path: ${leak[0]}`;
      },
    ],
    [
      "npx keel conform mira --target <packed reference study>",
      () =>
        ok(
          sh(dir, 'npx keel conform mira --target "node_modules/.bin/keel-mira-study"'),
          0,
          /^PASS \d+ passed, 0 failed/m,
        ),
    ],
    [
      "npx keel record mira, then conform --golden with the recording",
      () => {
        const target = '--target "node_modules/.bin/keel-mira-study"';
        const recorded = sh(dir, `npx keel record mira ${target} --out golden`);
        if (recorded.status !== 0)
          return `keel record exited ${recorded.status}:\n${recorded.out}${recorded.err}`;
        return ok(sh(dir, `npx keel conform mira ${target} --golden golden`), 0, /^ok +exchange\//m);
      },
    ],
    [
      "npx keel compat --from/--to on the schema files @keel/myrmo ships",
      () => {
        const schemas = "node_modules/@keel/myrmo/schemas";
        const args = `--from ${schemas}/released/1.0/trail.v1.schema.json --to ${schemas}/trail.v1.schema.json`;
        return ok(sh(dir, `npx keel compat ${args} --bump minor`), 0, /./);
      },
    ],
    [
      "npx keel gen (needs a checkout)",
      () => ok(sh(dir, "npx keel gen"), 2, /expected a keel repository checkout/),
    ],
    [
      "node check.mjs (ESM imports of @keel/myrmo and @keel/mira)",
      () => ok(sh(dir, "node check.mjs"), 0, /^checked 4 documents$/m),
    ],
    [
      `tsc: check.ts and ${readmeCount} README examples against the packed types`,
      () => ok(sh(dir, `${tsc} -p tsconfig.json`), 0, /^$/),
    ],
    [
      "tsc --moduleResolution bundler: check.ts and the README examples",
      () => ok(sh(dir, `${tsc} -p tsconfig.json --module preserve --moduleResolution bundler`), 0, /^$/),
    ],
    ["every export of every package resolves, types present", () => exportsResolve(dir)],
    ["no file of an installed package names the repository's path", () => noRepoPaths(dir)],
    ["action.yml's run step in the project (conform mira, JUnit written)", () => actionStep(dir)],
  ];
}

/** Each package's `exports` entries, imported from the project (a script there), and their `types` files. */
function exportsResolve(dir) {
  const script = `
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
const problems = [];
for (const name of readdirSync("node_modules/@keel")) {
  const pkgDir = join("node_modules/@keel", name);
  const pkg = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8"));
  // a wildcard subpath ("./suites/*") stands for every folder its default target names
  const entries = Object.entries(pkg.exports).flatMap(([sub, target]) => {
    if (!sub.includes("*")) return [[sub, target]];
    const [before, after] = target.default.split("*");
    return readdirSync(join(pkgDir, before))
      .filter((n) => existsSync(join(pkgDir, before + n + after)))
      .map((n) => [sub.replace("*", n), { types: target.types.replace("*", n) }]);
  });
  if (entries.length === 0) problems.push(pkg.name + ": no export resolves");
  for (const [sub, target] of entries) {
    const spec = pkg.name + sub.slice(1);
    if (typeof target === "object" && !existsSync(join(pkgDir, target.types))) problems.push(spec + ": no " + target.types);
    if (sub === "./package.json") continue;
    try { await import(spec); } catch (e) { problems.push(spec + ": " + e.message); }
  }
  for (const bin of Object.values(pkg.bin ?? {})) if (!existsSync(join(pkgDir, bin))) problems.push(pkg.name + ": no bin " + bin);
}
console.log(problems.join("\\n"));
process.exitCode = problems.length ? 1 : 0;`;
  const r = spawnSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd: dir,
    encoding: "utf8",
  });
  return r.status === 0 ? true : `${r.stdout}${r.stderr}`;
}

/** A path into the monorepo would work here only by accident: the repository's absolute path must not occur. */
function noRepoPaths(dir) {
  const r = spawnSync("grep", ["-rlF", repoRoot, "node_modules/@keel"], { cwd: dir, encoding: "utf8" });
  return r.status === 1 ? true : `found ${repoRoot} in:\n${r.stdout}${r.stderr}`;
}

function actionStep(dir) {
  const [keel, upload] = runActionSteps(
    join(repoRoot, "action.yml"),
    {
      command: "conform mira",
      target: "node_modules/.bin/keel-mira-study",
      "report-dir": "reports",
    },
    dir,
  );
  if (keel?.status !== 0 || !/exit-code=0/.test(keel.output))
    return `expected the keel step to exit 0 and set exit-code=0, found ${keel?.status} (${keel?.output}):\n${keel?.stdout}${keel?.stderr}`;
  const junit = join(dir, upload?.with.path ?? "", "junit.xml");
  if (!existsSync(junit) || !/<testsuites?[\s>]/.test(readFileSync(junit, "utf8")))
    return `expected the upload step's path to hold a JUnit report, found none at ${junit}`;
  return true;
}
