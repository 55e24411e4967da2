import type { SchemaObject } from "@keel/schema-model";

const INT64 = 2 ** 63;

/** The shape of a value with no parts: `int` an integer within int64, `bigint` one that may be past it. */
export type ScalarKind = "any" | "bool" | "int" | "bigint" | "number" | "string" | "null";

/** The scalar kind a `const` or `enum`'s values share (`any` when they differ). */
export function scalarOf(values: unknown[]): ScalarKind {
  const kinds = new Set(
    values.map((v) =>
      typeof v === "string"
        ? "string"
        : typeof v === "boolean"
          ? "bool"
          : Number.isInteger(v)
            ? Math.abs(v as number) < INT64
              ? "int"
              : "bigint"
            : typeof v === "number"
              ? "number"
              : v === null
                ? "null"
                : "any",
    ),
  );
  return kinds.size === 1 ? ([...kinds][0] as ScalarKind) : "any";
}

/**
 * Whether an `integer` schema's own bounds keep it within int64 (-2^63 … 2^63 - 1). A bound read as a
 * double is compared strictly (9223372036854775807 reads as 2^63), so a doubtful one counts as unbounded:
 * holding a bounded integer as its digits loses nothing, holding an unbounded one in an int64 does.
 */
export function withinInt64(s: SchemaObject): boolean {
  const bound = (kws: string[], ok: (n: number) => boolean): boolean =>
    kws.some((kw) => typeof s[kw] === "number" && ok(s[kw] as number));
  return (
    bound(["minimum", "exclusiveMinimum"], (n) => n >= -INT64) &&
    bound(["maximum", "exclusiveMaximum"], (n) => n < INT64)
  );
}
