import { existsSync } from "node:fs";
import { join } from "node:path";
import type { FileFinding } from "@keel/diagnostics";
import type { ExperienceEntry, HypothesisEntry } from "../generated/types.gen.js";
import { iterationNumbers } from "../render/records.js";
import { issue } from "../rules/finding.js";
import { collectUnreadable } from "../safe-fs.js";
import { lintBaselines } from "./baselines.js";
import { lintConstraints } from "./constraints.js";
import type { RunContext } from "./context.js";
import { lintDerived } from "./derived.js";
import { lintDesign } from "./design-file.js";
import { lintEagerWindow } from "./eager-window.js";
import { lintGoal } from "./goal.js";
import { lintHistory } from "./history.js";
import { lintIteration } from "./iteration.js";
import { checkJsonl, experienceFileRules, hypothesisFileRules } from "./jsonl.js";
import { lintKnowledge, readKnowledge } from "./knowledge.js";
import { knownRuns, lintExperienceRuns } from "./known-runs.js";
import { legacyV0, lintCommits, lintLayout } from "./layout.js";
import { readText } from "./read.js";
import { lintReflections } from "./reflect-consistency.js";
import { readSearchSpace } from "./search-space.js";
import { lintSearchSpace } from "./search-space-rules.js";
import { lintStaging } from "./staging.js";
import { lintTools } from "./tools.js";

const iterOf = (label: string): number => Number(label.replace(/^iter_/, ""));

/** Lint a whole myloop run directory (schemas/myloop/README.md and markdown-rules.md). `dir` must exist. */
export function lintRunDirectory(dir: string): { findings: FileFinding[] } {
  const unreadable = collectUnreadable(dir);
  const folders = iterationNumbers(dir);
  const legacy = legacyV0(dir, folders);
  if (legacy) return { findings: [legacy, ...unreadable()] };
  const committed = folders.filter((n) => existsSync(join(dir, "iteration", `iter_${n}`, "record.json")));
  const last = committed.length > 0 ? Math.max(...committed) : -1;
  const findings: FileFinding[] = [
    ...lintLayout(dir),
    ...lintCommits(dir, folders, last),
    ...lintGoal(readText(dir, "goal.md")),
  ];

  const knowledgeText = readText(dir, "knowledge.md");
  if (knowledgeText !== undefined) findings.push(...lintKnowledge(knowledgeText, last));
  const knowledge = knowledgeText === undefined ? undefined : readKnowledge(knowledgeText);
  const constraints = readText(dir, "constraints.md");
  if (constraints !== undefined) findings.push(...lintConstraints(constraints));
  findings.push(...lintTools(dir), ...lintEagerWindow(dir, last), ...lintStaging(dir, last));

  const experience = checkJsonl<ExperienceEntry>(
    "experience.jsonl",
    readText(dir, "experience.jsonl") ?? "",
    "experience_entry",
  );
  const hypotheses = checkJsonl<HypothesisEntry>(
    "hypotheses.jsonl",
    readText(dir, "hypotheses.jsonl") ?? "",
    "hypothesis_entry",
  );
  const resolved = new Set(
    experience.entries.flatMap(({ doc }) =>
      doc.resolved_hypothesis === null ? [] : [doc.resolved_hypothesis],
    ),
  );
  findings.push(
    ...experience.findings,
    ...experienceFileRules(experience, last),
    ...hypotheses.findings,
    ...hypothesisFileRules(hypotheses, last, resolved),
  );

  const design = lintDesign(dir);
  findings.push(...design.findings);

  const searchText = readText(dir, "search_space.md");
  const searchSpace = searchText === undefined ? undefined : readSearchSpace(searchText);
  if (searchText !== undefined) findings.push(...lintSearchSpace(searchText, last));
  const ctx: RunContext = {
    dir,
    last,
    profiles: design.profiles,
    experience: new Map(experience.entries.map(({ doc }) => [doc.exp_id, iterOf(doc.iter_id)])),
    resolved,
    resolvedAt: new Map(
      experience.entries.flatMap(({ doc }) =>
        doc.resolved_hypothesis === null ? [] : [[doc.resolved_hypothesis, iterOf(doc.iter_id)] as const],
      ),
    ),
    hypotheses: new Set(hypotheses.entries.map(({ doc }) => doc.hyp_id)),
    knowledgeSections: knowledge?.sections,
    knowledgeBullets: knowledge?.bullets,
    axes: searchSpace && new Set(searchSpace.axes.flatMap((a) => a.name ?? [])),
    critiqueIds: new Set(),
    iterations: new Map(),
  };
  for (const n of folders) findings.push(...lintIteration(ctx, n));
  const runs = knownRuns(ctx);
  findings.push(...lintExperienceRuns(experience, runs, last), ...lintBaselines(ctx, runs));
  if (searchSpace) findings.push(...lintReflections(ctx, searchSpace));

  findings.push(...lintHistory(dir));
  const summary = readText(dir, "SUMMARY.md");
  if (summary !== undefined && summary.trim() === "") {
    findings.push({
      ...issue("summary-terminal", "error", "expected a non-blank SUMMARY.md, found an empty file"),
      file: "SUMMARY.md",
    });
  }
  const terminated = summary !== undefined;
  findings.push(
    ...lintDerived(dir, "trace", last >= 0, terminated),
    ...lintDerived(dir, "lineage", last >= 0, terminated),
  );
  return { findings: sortFindings([...findings, ...unreadable()]) };
}

const sortFindings = (findings: FileFinding[]): FileFinding[] =>
  [...findings].sort(
    (a, b) =>
      a.file.localeCompare(b.file) ||
      (a.line ?? 0) - (b.line ?? 0) ||
      a.pointer.localeCompare(b.pointer) ||
      a.code.localeCompare(b.code),
  );
