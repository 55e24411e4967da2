import type { CodeDescription, Finding } from "@keel/diagnostics";
import { ruleFinding } from "@keel/diagnostics";
import { type SchemaFiles, walkWithSchema } from "./schema-walk.js";

// Upstream limits seven strings by UTF-8 bytes (x-slipway-max-utf8-bytes); strict ajv only takes maxLength in
// code points, so the schema carries the byte limit as `$comment: "maxUtf8Bytes=N…"` (README, rule 2).
const marker = /^maxUtf8Bytes=(\d+)/;
const encoder = new TextEncoder();

/** `slipway/max-utf8-bytes` for one document whose type starts at `start` in the schema files. */
export function maxUtf8Bytes(
  files: SchemaFiles,
  start: { file: string; pointer: string },
  document: unknown,
): Finding[] {
  const out = new Map<string, Finding>();
  walkWithSchema(files, start, document, (schema, value, pointer) => {
    const limit = typeof schema.$comment === "string" ? marker.exec(schema.$comment)?.[1] : undefined;
    if (limit === undefined || typeof value !== "string") return;
    const bytes = encoder.encode(value).length;
    if (bytes <= Number(limit) || out.has(pointer)) return;
    out.set(
      pointer,
      ruleFinding(
        "slipway/max-utf8-bytes",
        pointer,
        `expected at most ${limit} utf-8 bytes, found ${bytes} (${[...value].length} code points)`,
      ),
    );
  });
  return [...out.values()];
}

/** What each code these rules report means (`keel explain`, docs/codes.md). */
export const maxUtf8BytesCodes: readonly CodeDescription[] = [
  {
    code: "slipway/max-utf8-bytes",
    meaning: "the length-limited strings are limited by UTF-8 byte length, not code points",
    requirements: ["slipway/max-utf8-bytes"],
    example: "expected /summary to be at most 200 UTF-8 bytes, found 212",
  },
];
