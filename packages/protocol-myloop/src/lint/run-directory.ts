import { existsSync } from "node:fs";
import { join } from "node:path";
import type { FileFinding } from "@keel/diagnostics";
import type { ExperienceEntry, HypothesisEntry } from "../generated/types.gen.js";
import { iterationNumbers } from "../render/records.js";
import { issue } from "../rules/finding.js";
import type { RunContext } from "./context.js";
import { lintDerived } from "./derived.js";
import { lintDesign } from "./design-file.js";
import { lintGoal } from "./goal.js";
import { lintHistory } from "./history.js";
import { lintIteration } from "./iteration.js";
import { checkJsonl, experienceFileRules, hypothesisFileRules } from "./jsonl.js";
import { lintKnowledge, readKnowledge } from "./knowledge.js";
import { legacyV0, lintCommits, lintLayout } from "./layout.js";
import { readText } from "./read.js";
import { readAxes } from "./search-space.js";

const iterOf = (label: string): number => Number(label.replace(/^iter_/, ""));

/** Lint a whole myloop run directory (schemas/myloop/README.md and markdown-rules.md). `dir` must exist. */
export function lintRunDirectory(dir: string): { findings: FileFinding[] } {
  const folders = iterationNumbers(dir);
  const legacy = legacyV0(dir, folders);
  if (legacy) return { findings: [legacy] };
  const committed = folders.filter((n) => existsSync(join(dir, "iteration", `iter_${n}`, "record.json")));
  const last = committed.length > 0 ? Math.max(...committed) : -1;
  const findings: FileFinding[] = [
    ...lintLayout(dir),
    ...lintCommits(dir, folders, last),
    ...lintGoal(readText(dir, "goal.md")),
  ];

  const knowledgeText = readText(dir, "knowledge.md");
  if (knowledgeText !== undefined) findings.push(...lintKnowledge(knowledgeText, last));

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

  const searchSpace = readText(dir, "search_space.md");
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
    knowledgeSections: knowledgeText === undefined ? undefined : readKnowledge(knowledgeText).sections,
    axes: searchSpace === undefined ? undefined : readAxes(searchSpace),
    critiqueIds: new Set(),
  };
  for (const n of folders) findings.push(...lintIteration(ctx, n));

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
  return { findings: sortFindings(findings) };
}

const sortFindings = (findings: FileFinding[]): FileFinding[] =>
  [...findings].sort(
    (a, b) =>
      a.file.localeCompare(b.file) ||
      (a.line ?? 0) - (b.line ?? 0) ||
      a.pointer.localeCompare(b.pointer) ||
      a.code.localeCompare(b.code),
  );
