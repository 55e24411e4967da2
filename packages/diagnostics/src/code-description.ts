/** What a finding code or a conformance check means, exported next to the code that emits it. */
export interface CodeDescription {
  /** namespaced kebab-case, e.g. "atif/step-id-sequence", "compat/enum-value-removed", "slipway/exits" */
  code: string;
  /** one or two sentences: what it means when reported, and what to do */
  meaning: string;
  /** requirement ids from schemas/<protocol>/requirements.json; keel's own rules: ["keel-reading"] */
  requirements: readonly string[];
  /** a minimal input (or exchange) that triggers it */
  example?: string;
}
