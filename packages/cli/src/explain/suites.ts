import { RULES, requiredBump } from "@keel/compat";
import { suites } from "@keel/conformance-runner";
import type { CodeEntry } from "./entry.js";

/** compat's rule catalogue: `compat/<id>`, with what the change does to each reader. */
export function compatEntries(): CodeEntry[] {
  return RULES.map((r) => {
    const { oldStrictReader, oldLenientReader, newReader } = r.effects;
    return {
      code: `compat/${r.id}`,
      family: "compat",
      meaning: `${r.summary}${r.hint ? ` (${r.hint})` : ""}`,
      source: "packages/compat/src/rules/ (the rule catalogue; `keel compat --rules`)",
      example: `${r.id}: old strict reader ${oldStrictReader}, old lenient reader ${oldLenientReader}, new reader ${newReader}; bump needed under additive-minor: ${requiredBump(r, "additive-minor")}`,
    };
  });
}

/** Every conformance suite's checks, with the clause each cites. */
export function conformEntries(): CodeEntry[] {
  return suites.flatMap((suite) =>
    suite.checks.map((c) => ({
      code: c.name,
      family: `conform ${suite.name}`,
      meaning: `${c.summary} (tests ${c.requirements.join(", ")})`,
      source: c.cites,
      example: `keel conform ${suite.name} --target …  →  FAIL ${c.name}: ${c.summary}`,
    })),
  );
}
