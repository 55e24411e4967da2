import type { CodeDescription, Finding } from "@keel/diagnostics";
import { ruleFinding } from "@keel/diagnostics";
import { registryEntry } from "../generated/constants.gen.js";

// The colony HTTP API limits request bodies to 64 KB and answers 413 `too_large` (registry
// facts.colony.bodyLimitBytes: 64 × 1024 bytes).
const maxBodyBytes = registryEntry.facts.colony.bodyLimitBytes;

/** `myrmo/body-too-large`: the compact JSON encoding (the smallest body that can carry it) fits in 64 KB. */
export function bodySize(document: unknown): Finding[] {
  // almost every document is far below the limit: a cheap upper bound settles it without encoding
  if (upperBound(document, maxBodyBytes) <= maxBodyBytes) return [];
  const bytes = new TextEncoder().encode(JSON.stringify(document) ?? "").length;
  return bytes <= maxBodyBytes
    ? []
    : [
        ruleFinding(
          "myrmo/body-too-large",
          "",
          `expected a body of at most ${maxBodyBytes} bytes (a colony answers 413 too_large), found ${bytes} bytes even as compact json`,
        ),
      ];
}

/**
 * At least the compact JSON's UTF-8 size: a UTF-16 unit is at most 6 bytes (a `\uXXXX` escape), a number
 * at most 24 characters. Stops counting once past `limit`.
 */
function upperBound(value: unknown, limit: number): number {
  if (typeof value === "string") return 2 + 6 * value.length;
  if (value === null || typeof value !== "object") return 24;
  let n = 2;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length && n <= limit; i++) n += 1 + upperBound(value[i], limit);
    return n;
  }
  for (const k in value) {
    if (!Object.hasOwn(value, k)) continue;
    n += 8 + 6 * k.length + upperBound((value as Record<string, unknown>)[k], limit);
    if (n > limit) return n;
  }
  return n;
}

/** What each code these rules report means (`keel explain`, docs/codes.md). */
export const bodySizeCodes: readonly CodeDescription[] = [
  {
    code: "myrmo/body-too-large",
    meaning: "the compact JSON encoding of a document fits in the 64 KB body limit",
    requirements: ["myrmo/body-limit"],
    example: "expected at most 65536 bytes of compact JSON, found 70211",
  },
];
