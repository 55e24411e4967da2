import type { Schema, SchemaObject } from "@keel/schema-model";
import { ALL, child, type EmitContext, type Location } from "./context.js";

/**
 * An array with JSON Schema's array keywords. `prefixItems` (draft-07: array-form `items`) become
 * tuples, one per length the bounds allow, since JSON Schema lets an array stop before its prefix ends;
 * uniqueItems compares items deeply; contains counts matching items.
 */
export function emitArray(e: EmitContext, s: SchemaObject, at: Location): string {
  const draft07Tuple = Array.isArray(s.items);
  const prefix = (draft07Tuple ? s.items : s.prefixItems) as Schema[] | undefined;
  const restKeyword = draft07Tuple ? "additionalItems" : "items";
  const rest = (prefix === undefined ? s.items : s[restKeyword]) as Schema | undefined;
  const min = typeof s.minItems === "number" ? s.minItems : 0;
  const max = typeof s.maxItems === "number" ? s.maxItems : undefined;

  let code: string;
  let boundsDone = false;
  if (prefix !== undefined) {
    const heads = prefix.map((p, i) => e.node(p, child(at, draft07Tuple ? "items" : "prefixItems", i), ALL));
    const tail =
      rest === undefined || rest === true
        ? "z.unknown()"
        : rest === false
          ? undefined
          : e.node(rest, child(at, restKeyword), ALL);
    const longest = Math.min(prefix.length, max ?? prefix.length);
    const tuples: string[] = [];
    for (let n = min; n <= longest; n++) {
      if (n < prefix.length || tail === undefined) tuples.push(`z.tuple([${heads.slice(0, n).join(", ")}])`);
    }
    if (tail !== undefined && (max === undefined || max >= prefix.length)) {
      tuples.push(`z.tuple([${heads.join(", ")}], ${tail})`);
    }
    boundsDone = tail === undefined && min <= prefix.length;
    code =
      tuples.length === 0
        ? "z.never()"
        : tuples.length === 1
          ? (tuples[0] as string)
          : `z.union([${tuples.join(", ")}])`;
  } else if (rest === false) {
    code = "z.tuple([])";
    boundsDone = min === 0;
  } else {
    const item = rest === undefined || rest === true ? "z.unknown()" : e.node(rest, child(at, "items"), ALL);
    code = `z.array(${item})`;
    if (min > 0) code += `.min(${min})`;
    if (max !== undefined) code += `.max(${max})`;
    boundsDone = true;
  }
  const check = (keyword: string, message: string, test: string) => {
    code += e.check({ keyword, message, test }, "readonly unknown[]");
  };
  if (!boundsDone && min > 0) check("minItems", `expected at least ${min} items`, `v.length >= ${min}`);
  if (!boundsDone && max !== undefined)
    check("maxItems", `expected at most ${max} items`, `v.length <= ${max}`);
  if (s.uniqueItems === true) {
    e.helpers.add("isUnique");
    check("uniqueItems", "expected no two items to be equal", "isUnique(v)");
  }
  if (s.contains !== undefined) {
    e.helpers.add("countMatching");
    const matches = e.hoistSchema(s.contains as Schema, child(at, "contains"), ALL);
    const least = typeof s.minContains === "number" ? s.minContains : 1;
    const most = typeof s.maxContains === "number" ? s.maxContains : undefined;
    const count = `countMatching(v, ${matches})`;
    if (least > 0)
      check(
        "contains",
        `expected at least ${least} items matching ${child(at, "contains").pointer}`,
        `${count} >= ${least}`,
      );
    if (most !== undefined)
      check("maxContains", `expected at most ${most} items matching contains`, `${count} <= ${most}`);
  }
  return code;
}
