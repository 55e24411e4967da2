import { readFileSync } from "node:fs";
import { locatePointers, SchemaLoadError, type SchemaSet, walk } from "@keel/schema-model";
import { formatCheck } from "./formats.js";
import { unknownKeywords } from "./keywords.js";

/**
 * Refuse, before anything is generated, a schema using a keyword the zod emitter does not implement or a
 * format ajv-formats does not know: a located error (file:line:column, JSON Pointer, exit 2) instead of a
 * stack trace halfway through generation. ajv would refuse both too (strict mode).
 */
export function assertSupported(set: SchemaSet): void {
  for (const file of set.own) {
    for (const visit of walk(file.schema)) {
      if (typeof visit.schema !== "object") continue;
      const keywords = unknownKeywords(visit.schema);
      const format = visit.schema.format;
      let problem: { code: string; pointer: string; detail: string } | undefined;
      if (keywords.length > 0)
        problem = {
          code: "gen/unsupported-keyword",
          pointer: `${visit.pointer}/${keywords[0]}`,
          detail: `expected JSON Schema keywords keel's zod emitter implements, found ${keywords.map((k) => JSON.stringify(k)).join(", ")}`,
        };
      else if (format !== undefined && (typeof format !== "string" || formatCheck(format) === undefined))
        problem = {
          code: "gen/unsupported-format",
          pointer: `${visit.pointer}/format`,
          detail: `expected a format ajv-formats knows (date-time, email, uri, byte, …), found ${JSON.stringify(format)}`,
        };
      if (problem === undefined) continue;
      const at = locatePointers(readFileSync(file.path, "utf8"), [problem.pointer]).get(problem.pointer);
      throw new SchemaLoadError(problem.code, file.path, `${problem.detail} at #${problem.pointer}`, at);
    }
  }
}
