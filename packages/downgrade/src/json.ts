import { isRecord } from "@keel/diagnostics";

/** A JSON value copied (JSON.parse defines "__proto__" as an own property, never as a prototype). */
export const copy = (value: unknown): unknown =>
  value !== null && typeof value === "object" ? JSON.parse(JSON.stringify(value)) : value;

/** An own data property even for "__proto__", which plain assignment would turn into a prototype. */
export function setOwn(obj: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

/** JSON text with object keys sorted, so two values compare equal whatever their key order. */
export function canonical(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (!isRecord(value)) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) setOwn(out, key, sortKeys(value[key]));
  return out;
}
