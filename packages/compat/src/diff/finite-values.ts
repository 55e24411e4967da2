import { isRecord } from "@keel/diagnostics";
import { canonical } from "../canonical.js";
import type { SchemaNode } from "../schema-node.js";
import { isAnnotation } from "./annotations.js";

/** The keywords `acceptsAll` evaluates itself; a schema with any other one is not judged here. */
const SIMPLE = new Set([
  "type",
  "enum",
  "const",
  "minLength",
  "maxLength",
  "pattern",
  "minimum",
  "maximum",
  "exclusiveMinimum",
  "exclusiveMaximum",
]);

/** The values a node allows when it is only an enum or a const (nothing else constrains them). */
export function finiteValues(n: SchemaNode): unknown[] | undefined {
  if (n.nullable) return undefined;
  const keys = Object.keys(n.schema).filter((k) => !isAnnotation(k));
  if (Object.hasOwn(n.schema, "const") && keys.every((k) => k === "const")) return [n.schema.const];
  if (Array.isArray(n.schema.enum) && keys.every((k) => k === "enum")) return n.schema.enum;
  return undefined;
}

const kind = (v: unknown): string =>
  v === null ? "null" : Array.isArray(v) ? "array" : typeof v === "object" ? "object" : typeof v;

function accepted(s: Record<string, unknown>, v: unknown): boolean {
  const t = s.type;
  if (t !== undefined) {
    const types = (Array.isArray(t) ? t : [t]).map(String);
    const k = kind(v);
    const ok = types.includes(k) || (k === "number" && types.includes("integer") && Number.isInteger(v));
    if (!ok) return false;
  }
  if (Array.isArray(s.enum) && !s.enum.some((e) => canonical(e) === canonical(v))) return false;
  if (Object.hasOwn(s, "const") && canonical(s.const) !== canonical(v)) return false;
  if (typeof v === "string") {
    const n = [...v].length;
    if (typeof s.minLength === "number" && n < s.minLength) return false;
    if (typeof s.maxLength === "number" && n > s.maxLength) return false;
    if (typeof s.pattern === "string" && !new RegExp(s.pattern, "u").test(v)) return false;
  }
  if (typeof v === "number") {
    if (typeof s.minimum === "number" && v < s.minimum) return false;
    if (typeof s.maximum === "number" && v > s.maximum) return false;
    if (typeof s.exclusiveMinimum === "number" && v <= s.exclusiveMinimum) return false;
    if (typeof s.exclusiveMaximum === "number" && v >= s.exclusiveMaximum) return false;
  }
  return true;
}

/**
 * Whether a schema of simple keywords accepts every one of `values`, evaluated value by value; undefined
 * when it has another keyword (then the structural comparison decides). jscpd's format enum is all
 * accepted by `{type: "string", minLength: 1}`, so the alternative widens it.
 */
export function acceptsAll(n: SchemaNode, values: unknown[]): boolean | undefined {
  const s = n.schema;
  if (!isRecord(s) || n.nullable) return undefined;
  if (!Object.keys(s).every((k) => SIMPLE.has(k) || isAnnotation(k))) return undefined;
  try {
    return values.every((v) => accepted(s, v));
  } catch {
    return undefined; // a pattern JavaScript cannot read
  }
}
