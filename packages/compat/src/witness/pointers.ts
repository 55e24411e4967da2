import { joinPointer, splitPointer } from "@keel/schema-model";

const MAPS = new Set([
  "properties",
  "patternProperties",
  "$defs",
  "definitions",
  "dependentSchemas",
  "dependencies",
]);
const ARRAYS = new Set(["allOf", "anyOf", "oneOf", "prefixItems", "items"]);
const SINGLE = new Set([
  "additionalProperties",
  "unevaluatedProperties",
  "additionalItems",
  "items",
  "contains",
  "propertyNames",
  "not",
  "if",
  "then",
  "else",
]);

/** Every prefix of `pointer` that is a subschema (not a keyword's value), shallowest first. */
export function schemaPrefixes(pointer: string): string[] {
  const t = splitPointer(pointer);
  const out = [""];
  let i = 0;
  while (i < t.length) {
    const kw = t[i] as string;
    const next = t[i + 1];
    if (MAPS.has(kw) && next !== undefined) i += 2;
    else if (ARRAYS.has(kw) && next !== undefined && /^\d+$/.test(next)) i += 2;
    else if (SINGLE.has(kw)) i += 1;
    else break;
    out.push(joinPointer("", ...t.slice(0, i)));
  }
  return out;
}

const tokens = (p: string): string[] => (p === "" ? [] : splitPointer(p));

/** Whether `a` is `b` or one of its ancestors, token by token. */
export function within(a: string, b: string): boolean {
  const x = tokens(a);
  const y = tokens(b);
  return x.length <= y.length && x.every((t, i) => t === y[i]);
}

const SAME_OBJECT =
  /^\/(properties|patternProperties|additionalProperties|required|dependencies|dependentRequired|propertyNames|unevaluatedProperties)(\/[^/]+)?$/;

/**
 * Whether a finding at `finding` explains a validation error at `error` (an absolute keyword location):
 * one contains the other, or the error is an object keyword (required, additionalProperties…) and the
 * finding is about one of that object's properties.
 */
export function related(finding: string, error: string): boolean {
  if (within(finding, error) || within(error, finding)) return true;
  const t = tokens(error);
  const parent = joinPointer("", ...t.slice(0, -1));
  return within(parent, finding) && SAME_OBJECT.test(finding.slice(parent.length));
}

/** ajv's schemaPath made absolute: a `$ref` target's path is already from the root, the site's is relative. */
export function absolute(site: string, schemaPath: string): string {
  const p = decodeURIComponent(schemaPath.replace(/^#/, ""));
  return /^\/(definitions|\$defs)\//.test(p) ? p : site + p;
}
