import type { z } from "zod";
import { holds } from "./rule.js";

/** A JSON object: not null, not an array. */
export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Deep equality of JSON values, as const, enum and uniqueItems compare them. */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((x, i) => jsonEqual(x, b[i]));
  const ka = Object.keys(a);
  const rb = b as Record<string, unknown>;
  return (
    ka.length === Object.keys(b).length &&
    ka.every((k) => Object.hasOwn(b, k) && jsonEqual((a as Record<string, unknown>)[k], rb[k]))
  );
}

/** ajv's multipleOf test, float quirks included. */
export function isMultipleOf(value: number, divisor: number): boolean {
  const quotient = value / divisor;
  return quotient === Number.parseInt(String(quotient), 10);
}

/** Whether every item from index `start` on passes `test` (items after prefixItems). */
export function itemsFrom(
  items: readonly unknown[],
  start: number,
  test: (item: unknown) => boolean,
): boolean {
  for (let i = start; i < items.length; i++) if (!test(items[i])) return false;
  return true;
}

/** No two items deep-equal (uniqueItems). */
export function isUnique(items: readonly unknown[]): boolean {
  for (let i = 1; i < items.length; i++)
    for (let j = 0; j < i; j++) if (jsonEqual(items[i], items[j])) return false;
  return true;
}

/** How many items satisfy `schema` (contains, minContains, maxContains). */
export function countMatching(items: readonly unknown[], schema: z.ZodType): number {
  let count = 0;
  for (const item of items) if (holds(schema, item)) count++;
  return count;
}

/** patternProperties and additionalProperties: every key not in `known` satisfies each matching pattern's schema, else `rest`. */
export function extraKeysOk(
  value: object,
  known: readonly string[],
  patterns: readonly (readonly [RegExp, z.ZodType])[],
  rest: z.ZodType | undefined,
): boolean {
  for (const [key, item] of Object.entries(value)) {
    let matched = false;
    for (const [pattern, schema] of patterns) {
      if (!pattern.test(key)) continue;
      matched = true;
      if (!holds(schema, item)) return false;
    }
    if (!matched && !known.includes(key) && rest !== undefined && !holds(rest, item)) return false;
  }
  return true;
}
