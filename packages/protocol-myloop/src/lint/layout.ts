import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { FileFinding } from "@keel/diagnostics";
import { runNameFromPath } from "../render/run-name.js";
import { issue } from "../rules/finding.js";
import { listDirSafe, readFileSafe } from "../safe-fs.js";

const REQUIRED = [
  "goal.md",
  "knowledge.md",
  "search_space.md",
  "experience.jsonl",
  "hypotheses.jsonl",
  "experiment_design.yaml",
  "iteration",
];
const KNOWN = new Set([
  ...REQUIRED,
  "constraints.md",
  "tools",
  "trace.md",
  "lineage.md",
  "SUMMARY.md",
  ".staging",
  ".loop_state",
]);

/** Run-directory layout (markdown-rules § 8). goal.md's absence is goal-exists, reported by lintGoal. */
export function lintLayout(dir: string): FileFinding[] {
  const found: FileFinding[] = [];
  const names = readdirSync(dir);
  for (const name of REQUIRED.filter((x) => x !== "goal.md" && !names.includes(x))) {
    found.push({
      ...issue("layout-required", "error", `expected ${name} in the run directory, found none`),
      file: name,
    });
  }
  if (names.includes("archive.jsonl")) {
    found.push({
      ...issue(
        "layout-no-archive",
        "warning",
        "expected no archive.jsonl (not a myloop artifact), found one",
      ),
      file: "archive.jsonl",
    });
  }
  for (const name of names.filter((x) => !KNOWN.has(x) && x !== "archive.jsonl").sort()) {
    found.push({
      ...issue("layout-unknown", "info", `expected only myloop files at the top level, found ${name}`),
      file: name,
    });
  }
  if (!runNameFromPath(dir)) {
    found.push({
      ...issue(
        "layout-run-path",
        "info",
        "expected a run folder …/myloop/{graph}/v{N}/, found another path: graph and N come from the titles",
      ),
      file: ".",
    });
  }
  return found;
}

/** Committed-iteration bookkeeping: contiguity, .loop_state, .staging (markdown-rules § 9). */
export function lintCommits(dir: string, folders: readonly number[], last: number): FileFinding[] {
  const found: FileFinding[] = [];
  folders.forEach((n, i) => {
    if (n !== i) {
      found.push({
        ...issue("commit-contiguous", "error", `expected iteration folder iter_${i}, found iter_${n} next`),
        file: `iteration/iter_${n}`,
      });
    }
  });
  const state = join(dir, ".loop_state", "last_committed_iter");
  const stateText = readFileSafe(state);
  if (stateText !== undefined) {
    const text = stateText.trim();
    if (text !== String(last)) {
      found.push({
        ...issue(
          "commit-last-committed",
          "error",
          `expected last_committed_iter ${last}, found ${JSON.stringify(text)}`,
        ),
        file: ".loop_state/last_committed_iter",
      });
    }
  }
  for (const name of listDirSafe(join(dir, ".staging"))) {
    if (name !== `iter_${last + 1}`) {
      found.push({
        ...issue("commit-staging", "error", `expected at most .staging/iter_${last + 1}, found ${name}`),
        file: `.staging/${name}`,
      });
    }
  }
  return found;
}

/** A v0 run (records with top-level experiment/critic/distill) is reported once and not checked further. */
export function legacyV0(dir: string, folders: readonly number[]): FileFinding | undefined {
  for (const n of folders) {
    const file = `iteration/iter_${n}/record.json`;
    try {
      const doc = JSON.parse(readFileSync(join(dir, file), "utf8")) as Record<string, unknown>;
      if ("experiment" in doc || "critic" in doc || "distill" in doc) {
        return {
          ...issue(
            "layout-legacy-v0",
            "error",
            "expected v1 records with specs[], found a v0 single-spec record: the run is not checked further",
          ),
          file,
        };
      }
    } catch {
      // unreadable records are reported by the record checks
    }
  }
  return undefined;
}
