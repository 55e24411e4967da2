import type { CodeDescription } from "@keel/diagnostics";

/**
 * Rows `[rule id, severity (", history": checked against the run's git history), meaning]` as the schemas'
 * READMEs list them, turned into the descriptions of `myloop/<rule id>`.
 */
export function described(rows: readonly (readonly [string, string, string])[]): CodeDescription[] {
  return rows.map(([id, severity, meaning]) => ({
    code: `myloop/${id}`,
    meaning: `${meaning.replace(/\.$/, "")} (${severity.replace(", history", "; checked against the run's git history")})`,
    requirements: [],
  }));
}
