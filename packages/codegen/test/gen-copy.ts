import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { findRoot } from "@keel/schema-model";
import { afterAll } from "vitest";

const repo = findRoot(import.meta.dirname);
const copies: string[] = [];
afterAll(() => {
  for (const copy of copies.splice(0)) rmSync(copy, { recursive: true, force: true });
});

/**
 * A copy of what `keel gen <protocols>` reads and writes (schemas, Biome's config, the generated package
 * files, the registry's validator, the fixtures) and links to the packages' builds (the rules valid
 * fixtures are held to), so a test can edit a schema without touching the repository; removed after the
 * test file.
 */
export function genCopy(prefix: string, protocols: readonly string[]): string {
  delete process.env.KEEL_ROOT;
  const copy = mkdtempSync(join(tmpdir(), prefix));
  copies.push(copy);
  const paths = ["schemas", "biome.json", "packages/schema-model/src/generated"];
  for (const p of protocols)
    paths.push(`packages/protocol-${p}/src/generated`, `packages/protocol-${p}/lang`, `conformance/${p}`);
  for (const path of paths) {
    mkdirSync(join(copy, path, ".."), { recursive: true });
    cpSync(join(repo, path), join(copy, path), { recursive: true });
  }
  for (const p of protocols)
    symlinkSync(join(repo, `packages/protocol-${p}/dist`), join(copy, `packages/protocol-${p}/dist`), "dir");
  return copy;
}

/** genCopy for Myrmo alone. */
export const myrmoGenCopy = (prefix: string): string => genCopy(prefix, ["myrmo"]);
