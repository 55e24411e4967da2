import type { FileFinding } from "@keel/diagnostics";
import { parse as parseYaml } from "yaml";
import { issue, seg } from "../rules/finding.js";
import { committedVersions, hasCommittedFiles, insideGitRepo } from "./git.js";
import { searchSpaceHistory } from "./history-search.js";
import { readKnowledge } from "./knowledge.js";
import { at, readText } from "./read.js";

const lines = (text: string): string[] => text.split("\n").filter((l) => l.trim() !== "");

/**
 * The _history_ rules: the current files against every committed version of themselves. Without a git
 * repository they cannot run, and one info finding says so.
 */
export function lintHistory(dir: string): FileFinding[] {
  const unchecked = (found: string) => [
    at(
      "experiment_design.yaml",
      issue(
        "history-unchecked",
        "info",
        `expected the run directory inside a git repository to check the locked baselines and append-only files against their history, found ${found}: not checked`,
      ),
    ),
  ];
  if (!insideGitRepo(dir)) return unchecked("none");
  if (!hasCommittedFiles(dir)) return unchecked("no commit of it (untracked or ignored)");
  return [
    ...experience(dir),
    ...hypotheses(dir),
    ...knowledge(dir),
    ...design(dir),
    ...searchSpaceHistory(dir),
  ];
}

function experience(dir: string): FileFinding[] {
  const file = "experience.jsonl";
  const now = lines(readText(dir, file) ?? "");
  for (const { commit, text } of committedVersions(dir, file)) {
    const old = lines(text);
    const bad = old.findIndex((l, i) => now[i] !== l);
    if (bad >= 0) {
      const what = now.length < old.length ? `${old.length - now.length} fewer lines` : "a changed line";
      return [
        at(
          file,
          issue(
            "experience-append-only",
            "error",
            `expected the ${old.length} lines of ${commit} unchanged at the start, found ${what}`,
          ),
          bad + 1,
        ),
      ];
    }
  }
  return [];
}

function hypotheses(dir: string): FileFinding[] {
  const file = "hypotheses.jsonl";
  const idOf = (l: string): string | undefined => /"hyp_id"\s*:\s*"([^"]+)"/.exec(l)?.[1];
  const now = new Map(lines(readText(dir, file) ?? "").map((l) => [idOf(l), l]));
  for (const { commit, text } of committedVersions(dir, file)) {
    for (const l of lines(text)) {
      const current = now.get(idOf(l));
      if (current !== undefined && current !== l) {
        return [
          at(
            file,
            issue(
              "hypothesis-edit-free",
              "error",
              `expected ${idOf(l)} unchanged since ${commit} (lines are only appended or deleted), found it edited`,
            ),
          ),
        ];
      }
    }
  }
  return [];
}

function knowledge(dir: string): FileFinding[] {
  const file = "knowledge.md";
  const text = readText(dir, file);
  if (text === undefined) return [];
  const now = readKnowledge(text);
  const present = new Set(now.bullets.map((b) => `${b.section}\u0000${b.text}`));
  for (const { commit, text: old } of committedVersions(dir, file)) {
    const lost = readKnowledge(old).bullets.find((b) => !present.has(`${b.section}\u0000${b.text}`));
    if (lost) {
      return [
        at(
          file,
          issue(
            "knowledge-append-only",
            "error",
            `expected the bullet "${lost.text.slice(0, 60)}" of ${commit} under "## ${lost.section}", found it changed or removed`,
          ),
        ),
      ];
    }
  }
  return [];
}

type Profiles = Record<string, { baseline?: unknown } | undefined>;

function design(dir: string): FileFinding[] {
  const file = "experiment_design.yaml";
  const parse = (text: string): Profiles => {
    try {
      const doc: unknown = parseYaml(text, { schema: "core" });
      return doc !== null && typeof doc === "object" ? (doc as Profiles) : {};
    } catch {
      return {};
    }
  };
  const now = parse(readText(dir, file) ?? "");
  const found: FileFinding[] = [];
  for (const { commit, text } of committedVersions(dir, file)) {
    for (const [name, profile] of Object.entries(parse(text))) {
      if (!(name in now)) {
        found.push(
          at(
            file,
            issue(
              "design-append-only",
              "warning",
              `expected profile ${name} of ${commit} still present, found it removed`,
              `/${seg(name)}`,
            ),
          ),
        );
        continue;
      }
      const before = profile?.baseline;
      if (before !== undefined && JSON.stringify(before) !== JSON.stringify(now[name]?.baseline)) {
        found.push(
          at(
            file,
            issue(
              "design-baseline-immutable",
              "error",
              `expected the baseline of ${name} locked in ${commit} unchanged, found it edited`,
              `/${seg(name)}/baseline`,
            ),
          ),
        );
      }
    }
  }
  return dedupe(found);
}

const dedupe = (found: FileFinding[]): FileFinding[] => [
  ...new Map(found.map((f) => [`${f.code}${f.pointer}`, f])).values(),
];
