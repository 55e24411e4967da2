import { join } from "node:path";
import type { FileFinding, Finding } from "@keel/diagnostics";
import { parse as parseYaml } from "yaml";
import { check, type MyloopType } from "../rules/index.js";
import { readFileSafe } from "../safe-fs.js";

export const at = (file: string, f: Finding, line?: number): FileFinding =>
  line === undefined ? { ...f, file } : { ...f, file, line };

export { syntax };

/** A run file's text; undefined when missing, or when it cannot be read (then reported as myloop/unreadable). */
export const readText = (dir: string, rel: string): string | undefined => readFileSafe(join(dir, rel));

const syntax = (file: string, what: "JSON" | "YAML", error: unknown, line?: number): FileFinding =>
  at(
    file,
    {
      code: `${what.toLowerCase()}/syntax`,
      severity: "error",
      message: `expected valid ${what}, ${(error as Error).message.split("\n")[0]?.toLowerCase()}`,
      pointer: "",
    },
    line,
  );

/** Parse and check one JSON document file; `doc` is set only when it passed the schema. */
export function checkJsonFile(
  dir: string,
  rel: string,
  type: MyloopType,
): { doc?: unknown; findings: FileFinding[] } {
  const text = readText(dir, rel);
  if (text === undefined) return { findings: [] };
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    return { findings: [syntax(rel, "JSON", error)] };
  }
  const findings = check(type, doc).map((f) => at(rel, f));
  const schemaOk = !findings.some((f) => f.code.startsWith("schema/"));
  return schemaOk ? { doc, findings } : { findings };
}

/** Parse YAML (1.2 core schema, so run ids stay strings) and check it. */
export function checkYamlFile(
  dir: string,
  rel: string,
  type: MyloopType,
): { doc?: unknown; text?: string; findings: FileFinding[] } {
  const text = readText(dir, rel);
  if (text === undefined) return { findings: [] };
  let doc: unknown;
  try {
    doc = parseYaml(text, { schema: "core", uniqueKeys: true });
  } catch (error) {
    return { text, findings: [syntax(rel, "YAML", error)] };
  }
  const findings = check(type, doc).map((f) => at(rel, f));
  const schemaOk = !findings.some((f) => f.code.startsWith("schema/"));
  return schemaOk ? { doc, text, findings } : { text, findings };
}
