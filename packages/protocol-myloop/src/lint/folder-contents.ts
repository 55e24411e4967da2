import type { FileFinding, Severity } from "@keel/diagnostics";
import type { Critique, RecordDocument, Spec } from "../generated/types.gen.js";
import { issue } from "../rules/finding.js";

const PER_SPEC = /(spec_iter_(?:0|[1-9][0-9]*)_[A-Z])(?![A-Za-z0-9])/;

/** `commit-iter-contents` (the per-spec file suffixes) and `commit-no-orphans` of one committed folder. */
export function lintFolderContents(
  rel: string,
  names: readonly string[],
  spec: Spec,
  record: RecordDocument | undefined,
  critiques: Map<string, Critique>,
): FileFinding[] {
  const found: FileFinding[] = [];
  const has = new Set(names);
  const expect = (name: string, wanted: boolean, severity: Severity = "error"): void => {
    if (wanted === has.has(name)) return;
    const message = wanted
      ? `expected ${name} in ${rel}, found none`
      : `expected no ${name} in ${rel}, found one`;
    found.push({ ...issue("commit-iter-contents", severity, message), file: `${rel}/${name}` });
  };
  for (const name of ["record.json", "spec.json", "think_trace.md", "multi_spec_eval_log.md"])
    expect(name, true);
  for (const s of spec.specs) {
    const id = s.spec_id;
    const r = record?.specs.find((x) => x.spec_id === id);
    const patched = s.patch !== null;
    expect(`eval_metadata_${id}.json`, true);
    expect(`critique_${id}.json`, patched);
    expect(`critique_trace_${id}.md`, patched);
    expect(`critique_${id}_round_1.json`, critiques.get(`critique_${id}.json`)?.critic_round === 2);
    if (!record) continue;
    expect(`distill_${id}.json`, r?.distill !== undefined);
    const ran = patched && r?.experiment.outcome_class !== "critic_block";
    expect(`active_workspace_${id}`, ran, "warning");
    expect(`debug_log_${id}.md`, ran, "warning");
  }
  if (record) {
    expect(
      "distill_trace.md",
      record.specs.some((s) => s.distill !== undefined),
      "warning",
    );
    expect("reflection_trace.md", record.reflect !== undefined);
  }
  const ids = new Set(spec.specs.map((s) => s.spec_id));
  for (const name of names) {
    const id = PER_SPEC.exec(name)?.[1];
    if (id !== undefined && !ids.has(id)) {
      found.push({
        ...issue(
          "commit-no-orphans",
          "error",
          `expected per-spec files only for specs of spec.json, found ${name} for ${id}`,
        ),
        file: `${rel}/${name}`,
      });
    }
  }
  return found;
}
