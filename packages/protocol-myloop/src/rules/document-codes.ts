import type { CodeDescription } from "@keel/diagnostics";
import { described } from "./describe.js";

/** The JSON documents' rules, as schemas/myloop/README.md states them ("Semantic lint rules for the JSON documents"). */
export const documentCodes: readonly CodeDescription[] = described([
  [
    "jsonl-line",
    "error",
    "each JSONL line is one JSON object; blank lines other than the final newline are w.",
  ],
  [
    "placeholder-values",
    "error",
    "no string is a seed template: `a | b | …` alternatives, a bare `<…>`, or `...`/`…` standing for omitted content.",
  ],
  ["record-iter-dir", "error", "record (`iteration/iter_{n}/record.json`): `iter` = n of the folder."],
  ["record-ts-order", "error", "record (`iteration/iter_{n}/record.json`): `ts_start ≤ ts_end`."],
  [
    "record-spec-ref",
    "error",
    "record (`iteration/iter_{n}/record.json`): `think.spec_ref` = `iteration/iter_{iter}/spec.json` and it exists.",
  ],
  [
    "record-spec-id-iter",
    "error",
    "record (`iteration/iter_{n}/record.json`): the n in every `spec_id` = `iter`.",
  ],
  [
    "record-spec-id-sequence",
    "error",
    "record (`iteration/iter_{n}/record.json`): letters are A, B, C, … in order, no gaps, no repeats.",
  ],
  [
    "record-specs-match-envelope",
    "error",
    "record (`iteration/iter_{n}/record.json`): same spec ids in the same order as `spec.json`; `spec_kind` = `kind`, `intervention_axis` and `passes` equal.",
  ],
  [
    "record-critic-presence",
    "error",
    "record (`iteration/iter_{n}/record.json`): `critic` present ⇔ the envelope's `patch` is non-null; without critic, `implementer_status` (when given) = `N/A`.",
  ],
  [
    "record-critic-matches-critique",
    "error",
    "record (`iteration/iter_{n}/record.json`): `verdict`, `critic_round` equal `critique_{spec_id}.json`; `predicted_failure_modes_count` = its entry count; `reference_experience_ids` = the set union of its entries' ids; `critique_ref` = `iteration/iter_{n}/critique_{spec_id}.json` and exists.",
  ],
  [
    "record-block-override",
    "error",
    "record (`iteration/iter_{n}/record.json`): `critic.block_override` ⇔ the envelope spec has `block_override`.",
  ],
  [
    "record-run-ids-passes",
    "error",
    "record (`iteration/iter_{n}/record.json`): `ok` ⇒ `len(run_ids)` = `passes`; `crash` ⇒ ≤ `passes`; when `artifacts_dirs` is given, `len(artifacts_dirs)` = `len(run_ids)` and `artifacts_dirs[i]` ends with `run_ids[i]` (+ optional `/`).",
  ],
  [
    "record-per-ep-shape",
    "error",
    "record (`iteration/iter_{n}/record.json`): `ok` ⇒ `per_ep_success` is `passes` rows of equal length E, and E = the profile's `episode_count` (or `overrides.episode_count`); `crash` ⇒ ≤ `passes` rows of equal length.",
  ],
  [
    "record-metrics-consistent",
    "error",
    "record (`iteration/iter_{n}/record.json`): for `ok`, within 0.005: `mean_sr` = mean of all cells; `score` = `mean_sr` exactly; for passes ≥ 2, `robust_sr` = share of episodes with ≥ ⌈passes/2⌉ successes and `sd_sr` = sample or population sd of the row means (either convention).",
  ],
  [
    "record-passes-required",
    "error",
    "record (`iteration/iter_{n}/record.json`): `passes` ≥ `passes_required` of the spec's profile.",
  ],
  [
    "record-distill-presence",
    "error",
    "record (`iteration/iter_{n}/record.json`): `distill` present ⇔ `distill_{spec_id}.json` exists.",
  ],
  [
    "record-distill-experience",
    "error",
    "record (`iteration/iter_{n}/record.json`): each `promoted_to_experience` id is in experience.jsonl with `iter_id` = `iter_{n}` and the same verdict.",
  ],
  [
    "record-distill-resolved",
    "error",
    "record (`iteration/iter_{n}/record.json`): each `resolved_hypotheses` id is absent from hypotheses.jsonl and is the `resolved_hypothesis` of an experience entry of iteration n.",
  ],
  [
    "record-distill-new",
    "error",
    "record (`iteration/iter_{n}/record.json`): each `new_hypotheses` id is in hypotheses.jsonl or resolved by a later entry.",
  ],
  [
    "record-distill-knowledge",
    "error",
    "record (`iteration/iter_{n}/record.json`): each `knowledge_diffs[].section` is a `## ` section of knowledge.md.",
  ],
  [
    "record-think-updates",
    "error",
    "record (`iteration/iter_{n}/record.json`): knowledge appends appear verbatim in that section; appended profiles exist; appended hyp ids exist or were resolved; added tools exist. The untyped writes (decision 5) are read by `file` (`experiment_design`, `hypotheses`, `tools`, with or without extension, or `tools/{module}.py`) and the obvious fields: `profile`/`name`, `hyp_id`/`hyp_ids`, `path`/`tool`/`name`; a write naming none is not checked.",
  ],
  [
    "record-reflect",
    "error",
    "record (`iteration/iter_{n}/record.json`): `reflect` present ⇔ `reflection_trace.md` in the folder; the reflection section it names exists in search_space.md (cross-checks in markdown-rules `search-reflect-consistency`). The file half is reported once, as `commit-iter-contents`.",
  ],
  [
    "record-axis-known",
    "error",
    "record (`iteration/iter_{n}/record.json`): every `intervention_axis` is `none` or an axis of search_space.md.",
  ],
  [
    "rollup-counts",
    "error",
    "rollup (`iter_summary`): `n_specs` = len(specs); n_confirmed / n_refuted = distill verdict counts; n_critic_block / n_crash = experiment outcome counts.",
  ],
  [
    "rollup-axes",
    "error",
    "rollup (`iter_summary`): `axes_touched` = distinct `intervention_axis` values in first-appearance order.",
  ],
  [
    "rollup-best",
    "error",
    "rollup (`iter_summary`): `best_score` = max `mean_sr` over `ok` specs (null if none); `best_spec_id` = the first such spec in `specs` order.",
  ],
  [
    "rollup-outcome",
    "error",
    "rollup (`iter_summary`): `outcome_class` per the table above (not in the schema).",
  ],
  [
    "spec-iter-dir",
    "error",
    "spec (`spec.json`): `iter` = n of `iteration/iter_{n}/` or `.staging/iter_{n}/`.",
  ],
  ["spec-id-iter", "error", "spec (`spec.json`): as for the record."],
  ["spec-id-sequence", "error", "spec (`spec.json`): as for the record."],
  [
    "spec-profile-exists",
    "error",
    "spec (`spec.json`): `eval_profile.name` is a key of experiment_design.yaml.",
  ],
  [
    "spec-passes-required",
    "error",
    "spec (`spec.json`): `passes ≥ passes_required` of that profile (the seed's SKIP_INVALID_SPEC).",
  ],
  [
    "spec-not-smoke",
    "error",
    "spec (`spec.json`): the profile is not a smoke profile (`passes_required` 0).",
  ],
  ["spec-axis-known", "error", "spec (`spec.json`): as `record-axis-known`."],
  [
    "spec-hypothesis-known",
    "error",
    "spec (`spec.json`): a non-null `target.hypothesis_id` is in hypotheses.jsonl or resolved in experience.jsonl.",
  ],
  [
    "spec-block-override-ref",
    "error",
    "spec (`spec.json`): `block_override.critique_id` names a stored critique of the same spec (`critique_{spec_id}_round_1.json` or `critique_{spec_id}.json`) whose verdict is BLOCK.",
  ],
  [
    "spec-reasoning-aware",
    "error",
    "spec (`spec.json`): `reasoning_aware` ⇔ `model_profile` starts with `gpt-5`, `o1` or `o3`.",
  ],
  ["spec-reasoning-max-tokens", "warning", "spec (`spec.json`): `reasoning_aware` ⇒ `max_tokens ≥ 2000`."],
  ["spec-risk-vectors-null-patch", "warning", "spec (`spec.json`): `risk_vectors` given with `patch: null`."],
  [
    "spec-kind-size",
    "info",
    "spec (`spec.json`): `perf` ⇒ profile `passes_required` 1; `probe` ⇒ about ≤ 10 episodes (reported above 10, counting `overrides.episode_count`).",
  ],
  [
    "spec-countercheck",
    "info",
    "spec (`spec.json`): non-empty `globally_firing_nodes_touched` ⇒ some `expected_signal` names a counter-check on baseline-success episodes (it says `counter-check`, `baseline-success` or `(S)-bucket`).",
  ],
  [
    "critique-file-name",
    "error",
    "critique: file is `critique_{spec_id}.json` or `critique_{spec_id}_round_1.json`, its `spec_id` matches the name and is in the folder's spec.json; `iter` = folder n.",
  ],
  [
    "critique-id-format",
    "error",
    "critique: `critique_id` = `critique_iter_{iter}_{spec_id}_round_{critic_round}`.",
  ],
  ["critique-id-unique", "error", "critique: across the run."],
  [
    "critique-rounds",
    "error",
    "critique: a `_round_1` file has `critic_round` 1 and verdict REVISE or BLOCK, and then the main file has `critic_round` 2; a main file with round 2 requires the `_round_1` file.",
  ],
  ["critique-patch", "error", "critique: critiques exist only for specs whose `patch` is non-null."],
  [
    "critique-references-exist",
    "error",
    "critique: every `reference_experience_ids` entry is in experience.jsonl with an iteration before the critique's.",
  ],
  [
    "critique-validator-notes",
    "warning",
    "critique: each note reads `{VERDICT} downgraded to {VERDICT} — {reason}`.",
  ],
  ["experience-id-unique", "error", "experience_entry / hypothesis_entry: within the file."],
  ["hypothesis-id-unique", "error", "experience_entry / hypothesis_entry: within the file."],
  [
    "experience-id-iter",
    "error",
    "experience_entry / hypothesis_entry: the n in `exp_id` = the n in `iter_id`.",
  ],
  [
    "experience-iter-window",
    "error",
    "experience_entry / hypothesis_entry: `iter_id` / `created_iter` ≤ last + 1 (eager writes of the in-flight iteration).",
  ],
  [
    "hypothesis-iter-window",
    "error",
    "experience_entry / hypothesis_entry: `iter_id` / `created_iter` ≤ last + 1 (eager writes of the in-flight iteration).",
  ],
  [
    "experience-resolved-once",
    "error",
    "experience_entry / hypothesis_entry: a hyp id is the `resolved_hypothesis` of at most one entry.",
  ],
  [
    "hypothesis-not-resolved",
    "error",
    "experience_entry / hypothesis_entry: no open hypothesis is resolved in experience.jsonl (the DISTILL removal).",
  ],
  [
    "experience-runs-known",
    "warning",
    "experience_entry / hypothesis_entry: evidence run ids occur in some record or locked baseline (not checked for lessons of the in-flight iteration last + 1, whose runs no record has yet).",
  ],
  [
    "experience-append-only",
    "error, history",
    "experience_entry / hypothesis_entry: earlier lines unchanged, new lines only at the end.",
  ],
  [
    "hypothesis-edit-free",
    "error, history",
    "experience_entry / hypothesis_entry: lines are only appended or deleted, never changed.",
  ],
  [
    "design-platform-profiles",
    "error",
    "experiment_design: a `smoke_*` profile with `passes_required` 0 and a `perf_*` profile with `passes_required` 1 exist (`smoke_{graph}` / `perf_{graph}` when the graph is known).",
  ],
  ["design-smoke-zero", "error", "experiment_design: `passes_required` 0 ⇔ name starts with `smoke_`."],
  ["design-episode-indices", "error", "experiment_design: `len(episode_indices)` = `episode_count`."],
  ["design-workers", "warning", "experiment_design: `worker_count ≤ episode_count`."],
  [
    "design-baseline-passes",
    "error",
    "experiment_design: `baseline.passes` = `passes_required` = `len(baseline.run_ids)`.",
  ],
  [
    "design-baseline-provenance",
    "error",
    "experiment_design: the record of `locked_at` has a spec on this profile whose `run_ids` start with `baseline.run_ids`, and no earlier committed iteration ran the profile `ok` with its required passes (the seed: locked on _first_ use); `locked_ts` lies within that record's `ts_start`…`ts_end` (w). A baseline locked by the in-flight iteration last + 1 has no record yet and is not compared.",
  ],
  [
    "design-baseline-missing",
    "error",
    "experiment_design: a `passes_required ≥ 3` profile that a committed `ok` spec ran (with `passes ≥ passes_required`) has no baseline (the seed: the baseline is present _iff_ an iteration has run the profile under its required passes).",
  ],
  [
    "design-derived-from",
    "error",
    "experiment_design: `derived_from.iter` ≤ last + 1; `filter_tool` exists; (w) `source_run` is a known run (a committed record's or a locked baseline's).",
  ],
  [
    "design-yaml-quoting",
    "warning",
    "experiment_design: run ids, iter labels and timestamps are quoted YAML strings.",
  ],
  [
    "design-baseline-immutable",
    "error, history",
    "experiment_design: a baseline once present never changes.",
  ],
  [
    "design-append-only",
    "warning, history",
    "experiment_design: profiles are never removed; fields other than an added baseline never change.",
  ],
]);
