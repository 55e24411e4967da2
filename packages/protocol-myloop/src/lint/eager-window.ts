import { join } from "node:path";
import type { FileFinding } from "@keel/diagnostics";
import { issue } from "../rules/finding.js";
import { listDirSafe } from "../safe-fs.js";
import { mdLines } from "./markdown.js";
import { readText } from "./read.js";

const REF = /\biter_(0|[1-9][0-9]*)\b/g;
/**
 * References with a rule of their own (design-derived-from, design-baseline-provenance,
 * search-axis-added; knowledge.md and the JSONL files have their window rules).
 */
const OWN_RULE = /^\s*(iter|locked_at):|\(added: iter_\d+\)/;

/** `commit-eager-window`: working-memory files refer to no iteration beyond last + 1. */
export function lintEagerWindow(dir: string, last: number): FileFinding[] {
  const files = ["experiment_design.yaml", "search_space.md"];
  files.push(
    ...listDirSafe(join(dir, "tools"))
      .filter((x) => x.endsWith(".py"))
      .sort()
      .map((x) => `tools/${x}`),
  );
  const found: FileFinding[] = [];
  for (const file of files) {
    const text = readText(dir, file);
    if (text === undefined) continue;
    // markdown comments and fences are not content (md-syntax); YAML and python comments are
    const lines = file.endsWith(".md") ? mdLines(text).map((l) => l.text) : text.split("\n");
    lines.forEach((line, i) => {
      if (OWN_RULE.test(line)) return;
      const beyond = [...line.matchAll(REF)].find((m) => Number(m[1]) > last + 1);
      if (beyond) {
        found.push({
          ...issue(
            "commit-eager-window",
            "error",
            `expected references to iterations up to iter_${last + 1} (last committed + 1), found ${beyond[0]}`,
          ),
          file,
          line: i + 1,
        });
      }
    });
  }
  return found;
}
