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
 * A copy of what `keel gen myrmo` reads and writes (schemas, Biome's config, the generated package files,
 * the registry's validator, the fixtures) and a link to the package's build (the rules valid fixtures are
 * held to), so a test can edit a schema without touching the repository; removed after the test file.
 */
export function myrmoGenCopy(prefix: string): string {
  delete process.env.KEEL_ROOT;
  const copy = mkdtempSync(join(tmpdir(), prefix));
  copies.push(copy);
  for (const path of [
    "schemas",
    "biome.json",
    "packages/protocol-myrmo/src/generated",
    "packages/protocol-myrmo/lang",
    "packages/schema-model/src/generated",
    "conformance/myrmo",
  ]) {
    mkdirSync(join(copy, path, ".."), { recursive: true });
    cpSync(join(repo, path), join(copy, path), { recursive: true });
  }
  symlinkSync(join(repo, "packages/protocol-myrmo/dist"), join(copy, "packages/protocol-myrmo/dist"), "dir");
  return copy;
}
