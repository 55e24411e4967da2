import type { Finding, Severity } from "@keel/diagnostics";

export type Json = Record<string, unknown>;

export function isRecord(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Append reference tokens to a JSON Pointer, escaping `~` and `/`. */
export function at(pointer: string, ...tokens: (string | number)[]): string {
  return tokens.reduce<string>(
    (p, t) => `${p}/${String(t).replaceAll("~", "~0").replaceAll("/", "~1")}`,
    pointer,
  );
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
