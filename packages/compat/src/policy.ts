import { type ConsumerModel, isDateVersion, isVersion, type ProtocolEntry } from "@keel/schema-model";
import { CompatError } from "./errors.js";
import { type Bump, bumpRank, type CompatFinding, type Party } from "./types.js";

/** The old reader a protocol's consumers are, from its registry entry. */
export const consumerParty = (consumer: ConsumerModel): Party =>
  consumer === "strict" ? "oldStrictReader" : "oldLenientReader";

/**
 * "1.10" → [1, 10]; a date version "2025-06-18" → [20250618], one number, so every later date is a new
 * major. A version keel does not understand is a usage error, not a crash (schema-model's one version rule).
 */
export function parseVersion(version: string): number[] {
  if (!isVersion(version))
    throw new CompatError(
      "compat/bad-version",
      `expected a version like 1, 1.2 or a date 2025-06-18, found "${version}"`,
    );
  if (isDateVersion(version)) return [Number(version.replaceAll("-", ""))];
  return version.split(".").map(Number);
}

/** How far `to` is from `from`: none when equal, major when the first number moved, else minor. */
export function bumpBetween(from: string, to: string): Bump {
  const a = parseVersion(from);
  const b = parseVersion(to);
  const order = compareVersions(from, to);
  if (order > 0)
    throw new CompatError("compat/bad-version", `expected ${to} to be ${from} or later, found it older`);
  if (order === 0) return "none";
  return a[0] === b[0] ? "minor" : "major";
}

export function compareVersions(x: string, y: string): number {
  if (isDateVersion(x) !== isDateVersion(y))
    throw new CompatError(
      "compat/bad-version",
      `expected two dotted versions or two dates, found "${x}" and "${y}"`,
    );
  const a = parseVersion(x);
  const b = parseVersion(y);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}

/** The version after `version`: 1.7 minor → 1.8, 1.7 major → 2.0, 2 major → 3. */
export function nextVersion(version: string, bump: "minor" | "major"): string {
  if (isDateVersion(version))
    throw new CompatError(
      "compat/bad-bump",
      `expected a dotted version for a ${bump} bump, found the date "${version}": name the next release by its date with --to <date> (gated like a major)`,
    );
  const parts = parseVersion(version);
  if (bump === "major") return [(parts[0] ?? 0) + 1, ...parts.slice(1).map(() => 0)].join(".");
  if (parts.length < 2)
    throw new CompatError(
      "compat/bad-bump",
      `expected a MAJOR.MINOR version for a minor bump, found "${version}": bump major`,
    );
  return [...parts.slice(0, -1), (parts.at(-1) ?? 0) + 1].join(".");
}

/** The latest released version of a protocol (the registry lists them oldest first). */
export function latestRelease(entry: ProtocolEntry, protocol: string): string {
  const last = entry.released.at(-1);
  if (last === undefined)
    throw new CompatError("compat/no-release", `expected a released version of ${protocol}, found none`);
  return last.version;
}

/** The open-content rules: real for readers of data with undeclared names, waivable per registry entry. */
export const OPEN_CONTENT = new Set(["open-content-narrowed", "open-content-widened"]);

/**
 * Severity under a bump: a change the bump does not cover is an error, one old readers need downgraded
 * (or an open-content change, which breaks readers of data that used the name) a warning. With
 * `undeclaredNames: never-sent` the open-content findings are waived: info, and they need no bump.
 */
export function judge(
  findings: CompatFinding[],
  bump: Bump | null,
  consumer: ConsumerModel,
  undeclaredNames: "may-be-sent" | "never-sent" = "may-be-sent",
): CompatFinding[] {
  const party = consumerParty(consumer);
  return findings.map((f) => {
    if (OPEN_CONTENT.has(f.rule) && undeclaredNames === "never-sent")
      return {
        ...f,
        severity: "info",
        requires: "none",
        message: `${f.message} (waived: undeclared names are never sent)`,
      };
    if (bump === null) return f;
    const warn = f.effects[party] === "downgrade" || OPEN_CONTENT.has(f.rule);
    const severity = bumpRank(f.requires) > bumpRank(bump) ? "error" : warn ? "warning" : "info";
    return { ...f, severity };
  });
}

export const smallestBump = (findings: CompatFinding[]): Bump =>
  findings.reduce<Bump>((acc, f) => (bumpRank(f.requires) > bumpRank(acc) ? f.requires : acc), "none");
