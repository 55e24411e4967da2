import { parseYamlText, SchemaLoadError } from "@keel/schema-model";
import { MAX_DEPTH, tooLarge } from "./limits.js";
import { readBounded } from "./open-file.js";
import type { RawDocument } from "./raw-document.js";

/** A YAML file as one document: its value and source, or a located `yaml/*` failure; only an unreadable file throws. */
export function readYamlDocument(path: string, name: string, limit: number): RawDocument {
  const bytes = readBounded(path, name, limit);
  if (bytes === undefined) return tooLarge(limit, 1, "document");
  // YAML allows a byte order mark; dropped so columns on line 1 count from the first real character
  const yaml = bytes.toString("utf8").replace(/^\uFEFF/, "");
  try {
    const value = parseYamlText(yaml, path);
    return tooDeep(value)
      ? yamlFailure(
          "yaml/too-deep",
          `expected collections nested at most ${MAX_DEPTH} deep, found deeper nesting`,
        )
      : { line: 1, value, yaml };
  } catch (error) {
    if (error instanceof SchemaLoadError && !error.code.startsWith("io/"))
      return {
        line: error.at?.line ?? 1,
        failure: { code: error.code, severity: "error", message: error.detail, pointer: "", ...error.at },
      };
    if (error instanceof SchemaLoadError) throw error;
    // the parser's own limits: recursion (very deep nesting), alias expansion (a "billion laughs" document)
    const message = (error as Error).message;
    return error instanceof RangeError
      ? yamlFailure(
          "yaml/too-deep",
          `expected collections nested at most ${MAX_DEPTH} deep, found deeper nesting`,
        )
      : yamlFailure("yaml/syntax", `invalid YAML: ${message.charAt(0).toLowerCase()}${message.slice(1)}`);
  }
}

const yamlFailure = (code: string, message: string): RawDocument => ({
  line: 1,
  failure: { code, severity: "error", message, pointer: "", line: 1, column: 1 },
});

/** Nesting deeper than MAX_DEPTH, found without recursion. */
function tooDeep(value: unknown): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const [v, depth] = item;
    if (v === null || typeof v !== "object") continue;
    if (depth > MAX_DEPTH) return true;
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}
