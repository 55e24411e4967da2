import { existsSync } from "node:fs";
import { join } from "node:path";
import type { FileFinding } from "@keel/diagnostics";
import type { Critique, ExperimentSpec, RecordDocument, RecordSpec, Spec } from "../generated/types.gen.js";
import { issue } from "../rules/finding.js";
import type { RunContext } from "./context.js";

/** record.json against spec.json, its critiques, experiment_design.yaml and the working memory. */
export function lintRecordAgainstSpec(
  ctx: RunContext,
  rel: string,
  record: RecordDocument,
  spec: Spec | undefined,
  critiques: Map<string, Critique>,
  names: readonly string[],
): FileFinding[] {
  const file = `${rel}/record.json`;
  const found: FileFinding[] = [];
  const add = (rule: string, message: string, pointer: string): void => {
    found.push({ ...issue(rule, "error", message, pointer), file });
  };
  const specRef = `iteration/iter_${record.iter}/spec.json`;
  if (record.think.spec_ref !== specRef || !existsSync(join(ctx.dir, specRef))) {
    add(
      "record-spec-ref",
      `expected spec_ref ${specRef} naming an existing file, found ${record.think.spec_ref}`,
      "/think/spec_ref",
    );
  }
  if (!spec) return found;
  const want = spec.specs.map((s) => s.spec_id).join(", ");
  const have = record.specs.map((s) => s.spec_id).join(", ");
  if (want !== have)
    add("record-specs-match-envelope", `expected specs ${want} as in spec.json, found ${have}`, "/specs");
  record.specs.forEach((r, i) => {
    const s = spec.specs.find((x) => x.spec_id === r.spec_id);
    if (s) found.push(...perSpec(ctx, file, rel, r, s, i, critiques, names));
  });
  return found;
}

function perSpec(
  ctx: RunContext,
  file: string,
  rel: string,
  r: RecordSpec,
  s: ExperimentSpec,
  i: number,
  critiques: Map<string, Critique>,
  names: readonly string[],
): FileFinding[] {
  const found: FileFinding[] = [];
  const at = `/specs/${i}`;
  const add = (rule: string, message: string, pointer: string): void => {
    found.push({ ...issue(rule, "error", message, pointer), file });
  };
  if (r.spec_kind !== s.kind || r.intervention_axis !== s.intervention_axis || r.passes !== s.passes) {
    add(
      "record-specs-match-envelope",
      `expected kind ${s.kind}, axis ${s.intervention_axis}, passes ${s.passes} as in spec.json, found ${r.spec_kind}, ${r.intervention_axis}, ${r.passes}`,
      at,
    );
  }
  if ((r.critic !== undefined) !== (s.patch !== null)) {
    add(
      "record-critic-presence",
      `expected a critic block iff the spec has a patch (patch ${s.patch === null ? "null" : "given"}), found ${r.critic ? "one" : "none"}`,
      `${at}/critic`,
    );
  } else if (
    !r.critic &&
    r.experiment.implementer_status !== undefined &&
    r.experiment.implementer_status !== "N/A"
  ) {
    add(
      "record-critic-presence",
      `expected implementer_status N/A without a critic, found ${r.experiment.implementer_status}`,
      `${at}/experiment/implementer_status`,
    );
  }
  if (r.critic) {
    const name = `critique_${r.spec_id}.json`;
    const c = critiques.get(name);
    const ref = `${rel}/${name}`;
    if (c === undefined && names.includes(name)) {
      // the critique file exists but is invalid: its own findings say why
    } else if (r.critic.critique_ref !== ref || !c) {
      add(
        "record-critic-matches-critique",
        `expected critique_ref ${ref} naming a valid critique, found ${r.critic.critique_ref}`,
        `${at}/critic/critique_ref`,
      );
    } else {
      const ids = [...new Set(c.predicted_failure_modes.flatMap((m) => m.reference_experience_ids))]
        .sort()
        .join(",");
      const same =
        c.verdict === r.critic.verdict &&
        c.critic_round === r.critic.critic_round &&
        c.predicted_failure_modes.length === r.critic.predicted_failure_modes_count &&
        ids === [...r.critic.reference_experience_ids].sort().join(",");
      if (!same) {
        add(
          "record-critic-matches-critique",
          `expected verdict ${c.verdict}, round ${c.critic_round}, ${c.predicted_failure_modes.length} failure modes and references [${ids}] as in ${name}, found ${r.critic.verdict}, round ${r.critic.critic_round}, ${r.critic.predicted_failure_modes_count}, [${r.critic.reference_experience_ids.join(",")}]`,
          `${at}/critic`,
        );
      }
    }
    if (r.critic.block_override !== (s.block_override !== undefined)) {
      add(
        "record-block-override",
        `expected critic.block_override ${s.block_override !== undefined} as in spec.json, found ${r.critic.block_override}`,
        `${at}/critic/block_override`,
      );
    }
  }
  const profile = ctx.profiles?.[s.eval_profile.name];
  if (profile) {
    if (r.passes < profile.passes_required) {
      add(
        "record-passes-required",
        `expected passes ≥ ${profile.passes_required} (passes_required of ${s.eval_profile.name}), found ${r.passes}`,
        `${at}/passes`,
      );
    }
    const override = s.eval_profile.overrides?.episode_count;
    const episodes = typeof override === "number" ? override : profile.episode_count;
    const rows = r.experiment.per_ep_success;
    if (r.experiment.outcome_class === "ok" && rows.some((row) => row.length !== episodes)) {
      add(
        "record-per-ep-shape",
        `expected ${episodes} episodes per pass (episode_count of ${s.eval_profile.name}), found ${rows.map((x) => x.length).join(", ")}`,
        `${at}/experiment/per_ep_success`,
      );
    }
  }
  const hasDistillFile = names.includes(`distill_${r.spec_id}.json`);
  if ((r.distill !== undefined) !== hasDistillFile) {
    add(
      "record-distill-presence",
      `expected a distill block iff distill_${r.spec_id}.json exists (${hasDistillFile ? "it does" : "it does not"}), found ${r.distill ? "one" : "none"}`,
      `${at}/distill`,
    );
  }
  const n = Number(rel.replace(/^.*iter_/, ""));
  r.distill?.promoted_to_experience.forEach((id, k) => {
    if (ctx.experience.get(id) !== n) {
      add(
        "record-distill-experience",
        `expected ${id} in experience.jsonl with iter_id iter_${n}, found ${ctx.experience.has(id) ? `iter_${ctx.experience.get(id)}` : "no such entry"}`,
        `${at}/distill/promoted_to_experience/${k}`,
      );
    }
  });
  if (ctx.axes && r.intervention_axis !== "none" && !ctx.axes.has(r.intervention_axis)) {
    add(
      "record-axis-known",
      `expected an axis of search_space.md or none, found ${r.intervention_axis}`,
      `${at}/intervention_axis`,
    );
  }
  r.distill?.resolved_hypotheses.forEach((id, k) => {
    if (ctx.hypotheses.has(id) || ctx.resolvedAt.get(id) !== n) {
      add(
        "record-distill-resolved",
        `expected ${id} removed from hypotheses.jsonl and resolved by an experience entry of iter_${n}, found ${ctx.hypotheses.has(id) ? "it still open" : "no such entry"}`,
        `${at}/distill/resolved_hypotheses/${k}`,
      );
    }
  });
  r.distill?.new_hypotheses.forEach((id, k) => {
    if (!ctx.hypotheses.has(id) && !ctx.resolved.has(id)) {
      add(
        "record-distill-new",
        `expected ${id} in hypotheses.jsonl or resolved later, found neither`,
        `${at}/distill/new_hypotheses/${k}`,
      );
    }
  });
  r.distill?.knowledge_diffs.forEach((d, k) => {
    if (ctx.knowledgeSections && !ctx.knowledgeSections.has(d.section)) {
      add(
        "record-distill-knowledge",
        `expected a "## ${d.section}" section in knowledge.md, found none`,
        `${at}/distill/knowledge_diffs/${k}/section`,
      );
    }
  });
  return found;
}
