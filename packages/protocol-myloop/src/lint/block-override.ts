import type { FileFinding } from "@keel/diagnostics";
import type { Critique, Spec } from "../generated/types.gen.js";
import { issue } from "../rules/finding.js";

/**
 * `spec-block-override-ref`: an override rebuts a stored BLOCK critique of the same spec. A critique file
 * that failed its own checks is absent from `critiques` and reported there, so it is not reported again.
 */
export function lintBlockOverrides(
  file: string,
  spec: Spec,
  critiques: ReadonlyMap<string, Critique>,
  names: readonly string[],
): FileFinding[] {
  const found: FileFinding[] = [];
  spec.specs.forEach((s, i) => {
    if (!s.block_override) return;
    const files = [`critique_${s.spec_id}_round_1.json`, `critique_${s.spec_id}.json`];
    if (files.some((f) => names.includes(f) && !critiques.has(f))) return;
    const id = s.block_override.critique_id;
    const named = files.flatMap((f) => critiques.get(f) ?? []).find((c) => c.critique_id === id);
    if (named?.spec_id === s.spec_id && named.verdict === "BLOCK") return;
    const what = named ? `verdict ${named.verdict}` : `no critique ${id} in ${files.join(" or ")}`;
    found.push({
      ...issue(
        "spec-block-override-ref",
        "error",
        `expected block_override.critique_id to name a stored BLOCK critique of ${s.spec_id}, found ${what}`,
        `/specs/${i}/block_override/critique_id`,
      ),
      file,
    });
  });
  return found;
}
