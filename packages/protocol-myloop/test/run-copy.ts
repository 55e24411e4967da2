import { cpSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { FileFinding } from "@keel/diagnostics";
import { tempDir } from "../../../tools/test-kit/temp-dirs.js";
import { lintRunDirectory } from "../src/lint/run-directory.js";

const clean = fileURLToPath(
  new URL("../../../conformance/myloop/runs/clean/myloop/mapgpt_mp3d/v1", import.meta.url),
);

/** A copy of the clean run (keeping the …/myloop/{graph}/v{N}/ shape), changed by `change`. */
export function cleanCopy(change: (dir: string) => void = () => {}): string {
  const dir = join(tempDir("keel-lint-"), "myloop", "mapgpt_mp3d", "v1");
  cpSync(clean, dir, { recursive: true });
  change(dir);
  return dir;
}

/** The findings with one code (`myloop/<rule>`) of a changed copy of the clean run, without `file` noise. */
export const lintCopy = (rule: string, change: (dir: string) => void = () => {}): FileFinding[] =>
  lintRunDirectory(cleanCopy(change)).findings.filter((f) => f.code === `myloop/${rule}`);

// biome-ignore lint/suspicious/noExplicitAny: tests reach into arbitrary JSON to break one thing
export type Json = any;

export const editJson = (dir: string, file: string, change: (doc: Json) => void): void => {
  const doc = JSON.parse(readFileSync(join(dir, file), "utf8"));
  change(doc);
  writeFileSync(join(dir, file), JSON.stringify(doc, null, 2));
};

export const editText = (dir: string, file: string, change: (text: string) => string): void => {
  writeFileSync(join(dir, file), change(readFileSync(join(dir, file), "utf8")));
};
