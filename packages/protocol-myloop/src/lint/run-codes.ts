import type { CodeDescription } from "@keel/diagnostics";
import { described } from "../rules/describe.js";

/** The run directory's and markdown files' rules, as schemas/myloop/markdown-rules.md states them. */
export const runCodes: readonly CodeDescription[] = described([
  [
    "goal-exists",
    "error",
    'goal.md: goal.md exists once the run has started (the `--goal "<text>"` fast path writes it before iteration 0 from the text plus default Escalation and Termination sections).',
  ],
  ["goal-title", "error", "goal.md: exactly one H1, `# Goal`, before any H2."],
  [
    "goal-sections",
    "error",
    "goal.md: the H2 sections `## Ultimate`, `## Escalation`, `## Termination` each occur exactly once. A partial goal (e.g. only Ultimate) is malformed: the loop aborts on it.",
  ],
  ["goal-section-order", "warning", "goal.md: they appear in that order."],
  ["goal-extra-section", "warning", "goal.md: no other H2 sections."],
  ["goal-sections-nonempty", "error", "goal.md: each of the three has non-blank content besides comments."],
  ["goal-placeholder", "error", "goal.md: no section is only a `<…>` template placeholder."],
  [
    "goal-termination-list",
    "error",
    "goal.md: `## Termination` holds at least one bullet; each bullet is one predicate, optionally followed by a parenthesised class `(goal-achieved)`, `(saturated)` or `(budget)` (w if another class word is used).",
  ],
  ["knowledge-title", "error", "knowledge.md: one H1, `# Knowledge`."],
  [
    "knowledge-sections",
    "error",
    "knowledge.md: every bullet sits under an H2 section (`## AgentCanvas system`, `## Graph: mapgpt_mp3d`, `## Dataset / env`, …); section headings are unique (w if repeated).",
  ],
  [
    "knowledge-bullet-provenance",
    "error",
    "knowledge.md: every bullet's text ends with `(added: bootstrap)` or `(added: iter_{n})`, i.e. matches `\\(added: (bootstrap|iter_(0|[1-9][0-9]*))\\)$`.",
  ],
  [
    "knowledge-added-window",
    "error",
    "knowledge.md: `n ≤ last + 1` (THINK/DISTILL of the in-flight iteration write eagerly).",
  ],
  [
    "knowledge-record-sections",
    "error",
    "knowledge.md: every `knowledge_diffs[].section` of a record and every knowledge `file_updates[].section` names an existing H2 section; the THINK bullet text appears verbatim in it. Reported on the record, as `record-distill-knowledge` and `record-think-updates`.",
  ],
  [
    "knowledge-append-only",
    "error, history",
    "knowledge.md: every bullet of the earlier snapshot is still present, unchanged, in the same section and relative order; sections are never removed or renamed.",
  ],
  [
    "constraints-title",
    "warning",
    "constraints.md: when present, it starts with `# Constraints` or with a layer header.",
  ],
  [
    "constraints-layer-header",
    "error",
    'constraints.md: an H2 starting with `## ---` must read `## --- from <source> ---`. Inferred bootstrap layers (the seed names four but lists them only as "common.md, graph file, flags"), concatenated in this order: 1 the shared `common.md`; 2 the graph\'s own constraints file; 3 a constraints file passed by flag; 4 constraint text passed inline by flag. The linter checks only the header shape, not layer identity, order or precedence (the merge is plain concatenation).',
  ],
  [
    "constraints-modal",
    "warning",
    "constraints.md: every top-level bullet starts with `MUST` or `MUST NOT` (after optional emphasis); a layer-4 exception may be phrased otherwise, hence a warning.",
  ],
  [
    "constraints-grouped",
    "warning",
    "constraints.md: bullets sit under an H2 group (`## Model choice`, `## Topology`, …) or a layer header.",
  ],
  [
    "constraints-nonempty",
    "warning",
    "constraints.md: a present file has at least one bullet (an all-empty merge creates no file).",
  ],
  [
    "search-axes-section",
    "error",
    "search_space.md: an H2 `## Axes` exists and precedes every reflection section. An H2 `## Coverage` is optional; when present it precedes the reflection sections.",
  ],
  [
    "search-axis-bullet",
    "error",
    "search_space.md: every top-level bullet of `## Axes` starts with an axis name (optionally in `**…**` or backticks) followed by `:`; the name matches `^[a-z][a-z0-9]*(-[a-z0-9]+)*$`, is unique, and is not `none`. Indented sub-bullets (definition, why distinct, examples) belong to the axis.",
  ],
  [
    "search-axes-seeded",
    "error",
    "search_space.md: the seven seed axes are present: prompt-content, topology, control-flow, action-space, observation-pipeline, state-memory, model-component-config.",
  ],
  [
    "search-axis-added",
    "error",
    "search_space.md: every other axis bullet ends with `(added: iter_{n})`, n ≤ last + 1.",
  ],
  [
    "search-reflection-heading",
    "error",
    "search_space.md: each reflection section heading matches `^## reflection_(\\d+)\\s+\\(trigger: (heartbeat|concentration|skip) · after iter_(\\d+) · audited iter_(\\d+)\\.\\.iter_(\\d+)\\)$`, with audited start ≤ end = the after-iteration. Every H2 other than `## Axes` and `## Coverage` is read as a reflection section, so a stray H2 is reported here.",
  ],
  [
    "search-reflection-sequence",
    "error",
    "search_space.md: reflection numbers are unique and increase in file order.",
  ],
  [
    "search-coverage-table",
    "error",
    "search_space.md: each reflection section has a table with header `| axis | status | iters | verdict |`, one row per axis that existed at that reflection (seed axes and axes added at or before it, including its own extensions), no unknown axis, status one of `untouched`, `partial`, `exhausted`, `closed`; `iters` is `—` or iteration references; verdict free text.",
  ],
  [
    "search-frontier",
    "error",
    "search_space.md: an H3 `### Frontier (ranked)` holds a numbered list `1.`, `2.`, … whose items start with the axis in bold, `**axis** — …`; each axis is in the table with status `untouched` or `partial`, at most once. When no axis is open the list is replaced by `(none)`.",
  ],
  [
    "search-extensions",
    "error",
    "search_space.md: an H3 `### Axes extensions this reflection` holds `(none)` or bullets `- <axis>: <definition> — <why distinct> (added: iter_{n})`; each such axis is also appended under `## Axes` with the same marker.",
  ],
  [
    "search-reflect-consistency",
    "error",
    "search_space.md: for the record whose `reflect.reflection_id` is `reflection_{k}`: the section exists, its trigger equals `reflect.trigger`; `status` is `SPACE_EXHAUSTED` ⇔ every row is `exhausted` or `closed`; `reflect.frontier_axes` equals the frontier list in order. Every reflection section is claimed by exactly one record, except one written by the in-flight iteration (w).",
  ],
  [
    "search-reflection-after",
    "warning",
    "search_space.md: the after-iteration is n − 1 for the record n that carries the reflect block (inferred: REFLECT runs at the start of an iteration on committed history, before THINK).",
  ],
  [
    "search-append-only",
    "error, history",
    "search_space.md: existing axis bullets and reflection sections never change; new content is only appended (new axes at the end of `## Axes`, new reflection sections at the end).",
  ],
  [
    "summary-terminal",
    "info",
    "SUMMARY.md: SUMMARY.md exists only after termination; when present it is non-blank (e) and makes trace/lineage staleness an error.",
  ],
  [
    "layout-run-path",
    "info",
    "Run-directory: the run folder is `…/myloop/{graph}/v{N}/`; otherwise graph/N come from titles.",
  ],
  [
    "layout-required",
    "error",
    "Run-directory: goal.md, knowledge.md, search_space.md, experience.jsonl, hypotheses.jsonl, experiment_design.yaml and iteration/ exist (the JSONL files may be empty). trace.md and lineage.md are required once a record exists (w while live, e after termination).",
  ],
  [
    "layout-no-archive",
    "warning",
    "Run-directory: no `archive.jsonl` (an ADAS-style artifact, not part of myloop).",
  ],
  ["layout-unknown", "info", "Run-directory: other top-level entries are reported, not rejected."],
  [
    "unreadable",
    "error",
    "Run-directory: every file and folder the linter reads can be read: a folder where a file belongs (or the reverse), an unreadable entry or a file over 256 MB is reported, and the rules that needed it see it as absent.",
  ],
  [
    "layout-legacy-v0",
    "error",
    "Run-directory: a run whose records have the old single-spec shape (top-level `experiment`/`critic`/`distill`) is a v0 run: reported once, its records are not checked further.",
  ],
  [
    "tools-module",
    "error",
    "Run-directory: each `tools/*.py` name is a Python identifier and not a keyword;",
  ],
  [
    "tools-docstring",
    "warning",
    "Run-directory: the file opens (after optional shebang, encoding and comment lines) with a module docstring, which is its registry entry.",
  ],
  [
    "commit-record-present",
    "error",
    "What: every `iteration/iter_{n}/` has a record.json (else: a torn commit).",
  ],
  [
    "commit-contiguous",
    "error",
    "What: the iteration folders are `iter_0` … `iter_{last}` without gaps (iter_0 is the baseline).",
  ],
  [
    "commit-last-committed",
    "error",
    "What: `.loop_state/last_committed_iter`, when present, holds the integer `last`.",
  ],
  [
    "commit-staging",
    "error",
    "What: `.staging/` holds at most `iter_{last+1}`; a staged folder for a committed n is left over. Staged JSON is schema-checked only.",
  ],
  [
    "commit-eager-window",
    "error",
    "What: working-memory files refer to no iteration beyond last + 1: any `iter_{n}` in experiment_design.yaml, search_space.md (outside comments and fences) and tools/*.py. References with a window rule of their own are left to it (`derived_from.iter`, `locked_at`, `(added: iter_{n})`; knowledge.md and the JSONL files).",
  ],
  [
    "commit-iter-contents",
    "error",
    "What: each committed folder holds record.json, spec.json, think_trace.md, multi_spec_eval_log.md and, per spec of spec.json: `eval_metadata_{id}.json` always; `critique_{id}.json` and `critique_trace_{id}.md` iff patch non-null; `critique_{id}_round_1.json` iff the critique is round 2; `distill_{id}.json` iff the record has a distill block; `active_workspace_{id}/` and `debug_log_{id}.md` iff patch non-null and the outcome is not `critic_block` (w). `distill_trace.md` iff some spec has a distill block (w); `reflection_trace.md` iff the record has a reflect block.",
  ],
  [
    "commit-no-orphans",
    "error",
    "What: no per-spec file or folder names a spec id missing from spec.json. Other staged artifacts are allowed.",
  ],
  [
    "history-unchecked",
    "info",
    "the rules marked history (append-only files, locked baselines) could not run: the run directory is not in a git repository or not committed; commit the run to check them",
  ],
]);
