import type { CodeDescription } from "@keel/diagnostics";

/** `[rule id, severity, meaning, requirement ids?]`; a severity's ", history": checked against the run's git history. */
type Row = readonly [id: string, severity: string, meaning: string, requirements?: readonly string[]];

/** Rows as the schemas' READMEs list the rules, turned into the descriptions of `myloop/<rule id>`. */
export function described(rows: readonly Row[]): CodeDescription[] {
  return rows.map(([id, severity, meaning, requirements = []]) => ({
    code: `myloop/${id}`,
    meaning: `${meaning.replace(/\.$/, "")} (${severity.replace(", history", "; checked against the run's git history")})`,
    requirements,
  }));
}
