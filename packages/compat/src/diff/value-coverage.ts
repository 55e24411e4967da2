import { getAtPointer, joinPointer, type SchemaFile, type SchemaSet } from "@keel/schema-model";
import { canonical } from "../canonical.js";
import { ruleSpec } from "../rules/index.js";
import type { CompatFinding } from "../types.js";
import { isAnnotation } from "./annotations.js";

const BRANCH = /^(.*)\/anyOf\/(\d+)\/enum$/;

/**
 * An enum value added to (or removed from) one `anyOf` alternative that another alternative of the same
 * `anyOf` already accepted (or still accepts) changes no document's verdict: tsconfig's `lib` gained
 * "ES2022.Regexp" in its enum branch while its pattern branch accepted it all along. Such a finding
 * becomes `enum-value-covered`, naming the alternative that accepts the value.
 */
export function coverEnumValues(found: CompatFinding[], older: SchemaSet, newer: SchemaSet): CompatFinding[] {
  return found.map((f) => {
    if ((f.rule !== "enum-value-added" && f.rule !== "enum-value-removed") || !Object.hasOwn(f, "value"))
      return f;
    // added: the old readers' anyOf must have accepted it; removed: the new reader's must still accept it
    const added = f.rule === "enum-value-added";
    const [name, pointer] = added ? olderPlace(f) : [f.file, f.pointer];
    const file = fileOf(added ? older : newer, name);
    const m = BRANCH.exec(pointer);
    if (file === undefined || m === null) return f;
    const union = joinPointer(m[1] as string, "anyOf");
    const alternatives = getAtPointer(file.schema, union);
    if (!Array.isArray(alternatives)) return f;
    const by = alternatives.findIndex(
      (s, i) => i !== Number(m[2]) && acceptsValue(file, s, f.value, 0) === true,
    );
    if (by === -1) return f;
    const spec = ruleSpec("enum-value-covered");
    const { value: _, ...rest } = f;
    return {
      ...rest,
      code: "compat/enum-value-covered",
      rule: "enum-value-covered",
      severity: "info",
      message: `${f.message}; the anyOf alternative at #${joinPointer(union, by)} ${added ? "already accepted" : "still accepts"} it, so no document changes verdict`,
      effects: spec.effects,
      requires: "none",
      value: f.value,
    };
  });
}

function olderPlace(f: CompatFinding): [string | undefined, string] {
  if (f.fromPointer === undefined) return [f.file, f.pointer];
  const hash = f.fromPointer.indexOf("#");
  return hash === -1
    ? [f.file, f.fromPointer]
    : [f.fromPointer.slice(0, hash), f.fromPointer.slice(hash + 1)];
}

function fileOf(set: SchemaSet, name: string | undefined): SchemaFile | undefined {
  return set.all.find((x) => x.name === name) ?? (set.own.length === 1 ? set.own[0] : undefined);
}

const typeOf = (v: unknown): string =>
  v === null
    ? "null"
    : Array.isArray(v)
      ? "array"
      : typeof v === "number" && Number.isInteger(v)
        ? "integer"
        : typeof v;

/**
 * Whether `schema` accepts `value`, for the keywords a value alternative uses (type, enum, const, pattern,
 * string lengths, local $refs, anyOf/oneOf/allOf); undefined when it has any other (unsure: not covered).
 */
export function acceptsValue(
  file: SchemaFile,
  schema: unknown,
  value: unknown,
  depth: number,
): boolean | undefined {
  if (typeof schema === "boolean") return schema;
  if (schema === null || typeof schema !== "object" || depth > 16) return undefined;
  const s = schema as Record<string, unknown>;
  const checks: Array<boolean | undefined> = [];
  for (const [kw, v] of Object.entries(s)) {
    if (isAnnotation(kw) || kw === "default") continue;
    if (kw === "type") {
      const types = Array.isArray(v) ? v : [v];
      const t = typeOf(value);
      checks.push(types.includes(t) || (t === "integer" && types.includes("number")));
    } else if (kw === "enum")
      checks.push(Array.isArray(v) && v.some((x) => canonical(x) === canonical(value)));
    else if (kw === "const") checks.push(canonical(v) === canonical(value));
    else if (kw === "pattern") checks.push(typeof value !== "string" || matches(String(v), value));
    else if (kw === "minLength") checks.push(typeof value !== "string" || [...value].length >= Number(v));
    else if (kw === "maxLength") checks.push(typeof value !== "string" || [...value].length <= Number(v));
    else if (kw === "$ref" && typeof v === "string" && v.startsWith("#"))
      checks.push(
        acceptsValue(file, getAtPointer(file.schema, decodeURIComponent(v.slice(1))), value, depth + 1),
      );
    else if ((kw === "anyOf" || kw === "oneOf" || kw === "allOf") && Array.isArray(v)) {
      const each = v.map((b) => acceptsValue(file, b, value, depth + 1));
      if (each.includes(undefined)) checks.push(undefined);
      else if (kw === "allOf") checks.push(each.every(Boolean));
      else if (kw === "anyOf") checks.push(each.some(Boolean));
      else checks.push(each.filter(Boolean).length === 1);
    } else return undefined;
  }
  if (checks.includes(undefined)) return undefined;
  return checks.every(Boolean);
}

function matches(pattern: string, value: string): boolean | undefined {
  try {
    return new RegExp(pattern, "u").test(value);
  } catch {
    return undefined as unknown as boolean;
  }
}
