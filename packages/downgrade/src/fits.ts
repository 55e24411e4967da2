import { jsonType } from "@keel/diagnostics";
import { canonical } from "./json.js";
import type { PlanNode } from "./types.js";

export function typeFits(value: unknown, n: PlanNode): boolean {
  if (n.types === undefined) return true;
  const actual = jsonType(value);
  return n.types.includes(actual) || (actual === "integer" && n.types.includes("number"));
}

export const allowsNull = (n: PlanNode): boolean =>
  !n.never &&
  (n.types === undefined || n.types.includes("null")) &&
  (n.values === undefined || n.values.includes(null));

/** The node's const/enum values admit this value (or it has none). */
export const valueFits = (value: unknown, n: PlanNode): boolean =>
  n.values === undefined || n.values.some((x) => canonical(x) === canonical(value));

/** The node's pattern admits this value (or it has none, or the value is no string). */
export const patternFits = (value: unknown, n: PlanNode): boolean =>
  n.pattern === undefined || typeof value !== "string" || new RegExp(n.pattern, "u").test(value);
