/**
 * Verdicts where the generated zod knowingly differs from ajv, the reference engine. The equivalence test
 * (test/zod-equivalence.test.ts) accepts exactly these and fails on any other difference, and on an entry
 * that no longer matches any difference.
 */
export interface KnownDifference {
  protocol: string;
  /** a case id as the equivalence tests name them (`file:line`, then pointer and variant), or a pattern: `*` is any text */
  case: string;
  /** the verdict ajv gives (zod gives the other) */
  ajv: boolean;
  why: string;
}

/** Whether an entry covers a case id (exactly, or by its `*` pattern). */
export function coversCase(entry: KnownDifference, id: string): boolean {
  if (!entry.case.includes("*")) return entry.case === id;
  const pattern = entry.case.split("*").map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${pattern.join(".*")}$`, "s").test(id);
}

const PROTO_KEY =
  'zod never copies or validates an own "__proto__" key (a prototype-pollution guard in its objects and records), ' +
  "so checks on the parsed object cannot see it; ajv judges it as an ordinary key (here: against a record's value " +
  "schema, propertyNames, or a strict branch of an allOf). JSON.parse does produce such keys.";

export const KNOWN_DIFFERENCES: readonly KnownDifference[] = [
  { protocol: "mira", case: "* __proto__ key", ajv: false, why: PROTO_KEY },
  { protocol: "myloop", case: "* __proto__ key", ajv: false, why: PROTO_KEY },
];
