import type { Registry } from "@keel/schema-model";

/**
 * Verdicts where the generated zod knowingly differs from ajv, the reference engine: kept with each
 * protocol, as `zodKnownDifferences` in its registry entry. The equivalence tests
 * (test/zod-equivalence.test.ts, cli's engine-equivalence) accept exactly these and fail on any other
 * difference, and on an entry that no longer matches any difference.
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

/** Every protocol's known differences, from the registry. */
export function knownDifferences(registry: Registry): KnownDifference[] {
  return Object.entries(registry.protocols).flatMap(([protocol, entry]) =>
    (entry.zodKnownDifferences ?? []).map((d) => ({ protocol, ...d })),
  );
}
