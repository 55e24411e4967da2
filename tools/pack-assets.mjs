#!/usr/bin/env node
// A package's run-time assets that live elsewhere in the repository, copied in by `prepack` and removed by
// `postpack`, so `pnpm pack` ships them and the working tree keeps one copy (the repository's):
// - @keel/<protocol>: `schemas/` (schemas/<protocol>/: schema files, rules, released versions, examples) and
//   `fixtures/` (conformance/<protocol>/fixtures/);
// - @keel/schema-model: `schemas/` (the repository's schemas/ without examples): an installed keel's root,
//   found by findRoot when no checkout is around (packages/schema-model/src/root.ts).
// Run from the package folder (pnpm runs lifecycle scripts there); `--remove` deletes the copies.
import { cpSync, readFileSync, rmSync } from "node:fs";
import { basename, join, resolve } from "node:path";

const pkgDir = process.cwd();
const root = resolve(pkgDir, "..", "..");
const { name } = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8"));
const remove = process.argv.includes("--remove");

/** [from (repository-relative), to (package-relative), keep(path)] */
function copies() {
  if (name === "@keel/schema-model") return [["schemas", "schemas", (src) => basename(src) !== "examples"]];
  const protocol = /^@keel\/([a-z][a-z0-9-]*)$/.exec(name)?.[1];
  if (protocol === undefined || !basename(pkgDir).startsWith("protocol-"))
    throw new Error(`pack-assets: no assets known for ${name}`);
  return [
    [join("schemas", protocol), "schemas", () => true],
    [join("conformance", protocol, "fixtures"), "fixtures", () => true],
  ];
}

for (const [from, to, keep] of copies()) {
  rmSync(join(pkgDir, to), { recursive: true, force: true });
  if (!remove) cpSync(join(root, from), join(pkgDir, to), { recursive: true, filter: keep });
}
