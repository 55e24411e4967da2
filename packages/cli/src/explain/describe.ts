import type { CodeDescription } from "@keel/diagnostics";
import { findRoot } from "@keel/schema-model";

/**
 * A lookup from finding code to its description, for SARIF's rule table (validate, lint): the same loop
 * over every package's code list that `keel explain` prints, loaded only when SARIF is asked for.
 */
export async function describeCodes(cwd: string): Promise<(code: string) => CodeDescription | undefined> {
  const { codeIndex } = await import("./index.js");
  const byCode = new Map((await codeIndex(findRoot(cwd))).map((e) => [e.code, e]));
  return (code) => byCode.get(code);
}
