import type { VersionPolicy } from "@keel/schema-model";
import { RULES, requiredBump } from "./rules/index.js";
import type { RuleSpec } from "./rules/spec.js";

const POLICIES: readonly VersionPolicy[] = ["minor-adds-optional", "additive-minor", "contract-bump"];

const effects = (r: RuleSpec): string =>
  `${r.effects.oldStrictReader} / ${r.effects.oldLenientReader} / ${r.effects.newReader}`;

/** The catalogue as `keel compat --rules` prints it (and README.md embeds the markdown form). */
export function rulesTable(format: "pretty" | "json" | "markdown"): string {
  if (format === "json")
    return `${JSON.stringify(
      RULES.map((r) => ({ code: `compat/${r.id}`, ...r })),
      null,
      2,
    )}\n`;
  if (format === "markdown") {
    const head = [
      "| rule | old strict / old lenient / new reader | minor-adds-optional | additive-minor | contract-bump | what |",
      "| --- | --- | --- | --- | --- | --- |",
    ];
    const rows = RULES.map(
      (r) =>
        `| \`${r.id}\` | ${effects(r)} | ${POLICIES.map((p) => requiredBump(r, p)).join(" | ")} | ${r.summary} |`,
    );
    return `${[...head, ...rows].join("\n")}\n`;
  }
  const head = `${RULES.length} rules; effects on old strict / old lenient / new reader; bump needed under ${POLICIES.join(", ")}\n`;
  const rows = RULES.map(
    (r) =>
      `${`compat/${r.id}`.padEnd(52)} ${effects(r).padEnd(28)} ${POLICIES.map((p) => requiredBump(r, p).padEnd(5)).join(" ")}  ${r.summary}\n`,
  );
  return head + rows.join("");
}
