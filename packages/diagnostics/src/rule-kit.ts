import type { Finding, Severity } from "./finding.js";
import { escapeToken } from "./pointer.js";

/** Small helpers every protocol's semantic rules share: walking a parsed document and reporting findings. */

export type Json = Record<string, unknown>;

export function isRecord(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Present and not `null`: the pydantic/serde protocols (ATIF, Mira) read an explicit null as absent. */
export function present(value: unknown): boolean {
  return value !== undefined && value !== null;
}

/** Append reference tokens to a JSON Pointer, escaping `~` and `/`. */
export function at(pointer: string, ...tokens: (string | number)[]): string {
  return tokens.reduce<string>((p, t) => `${p}/${escapeToken(t)}`, pointer);
}

export function ruleFinding(
  code: string,
  pointer: string,
  message: string,
  severity: Severity = "error",
): Finding {
  return { code, severity, message, pointer };
}

/** The objects of an array member, with their pointers (non-objects are the schema's business). */
export function records(owner: Json, key: string, pointer: string): [Json, string][] {
  const list = owner[key];
  if (!Array.isArray(list)) return [];
  return list.flatMap((item, i) => (isRecord(item) ? [[item, at(pointer, key, i)] as [Json, string]] : []));
}

/** Every object in a document with its pointer, depth first (documents are schema-valid, so finite). */
export function* objects(value: unknown, pointer = ""): Generator<[Json, string]> {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) yield* objects(item, at(pointer, i));
  } else if (isRecord(value)) {
    yield [value, pointer];
    for (const [key, item] of Object.entries(value)) yield* objects(item, at(pointer, key));
  }
}
