import type { CodeDescription } from "@keel/diagnostics";
import { RULES } from "./index.js";
import type { RuleSpec } from "./spec.js";

const READERS: Array<[keyof RuleSpec["effects"], string]> = [
  ["oldStrictReader", "old strict readers"],
  ["oldLenientReader", "old lenient readers"],
  ["newReader", "new readers of old documents"],
];

/** One sentence on what the change does to readers, from the rule's worst case. */
function effectSentence(r: RuleSpec): string {
  if (!r.wire) return "No reader can tell: it never needs a version bump.";
  const breaks = READERS.filter(([p]) => r.effects[p] === "breaks").map(([, n]) => n);
  const down = READERS.filter(([p]) => r.effects[p] === "downgrade").map(([, n]) => n);
  const parts = [
    breaks.length > 0 ? `${breaks.join(" and ")} may refuse documents` : "",
    down.length > 0 ? `${down.join(" and ")} need a downgraded document` : "",
  ].filter((x) => x !== "");
  const bump =
    r.minorUnder.length > 0 ? `a minor under ${r.minorUnder.join(" or ")}, else a major` : "a major";
  return `${parts.length > 0 ? `At worst ${parts.join("; ")}` : "No reader refuses a document"}; it needs ${bump}.`;
}

/** Every compat rule as a finding code keel explains (`keel explain compat/<rule>`); keel's own reading. */
export const compatCodes: readonly CodeDescription[] = RULES.map((r) => ({
  code: `compat/${r.id}`,
  meaning: `${r.summary[0]?.toUpperCase()}${r.summary.slice(1)}. ${effectSentence(r)}${r.hint === undefined ? "" : ` ${r.hint[0]?.toUpperCase()}${r.hint.slice(1)}${r.hint.endsWith(".") ? "" : "."}`}`,
  requirements: ["keel-reading"],
}));
