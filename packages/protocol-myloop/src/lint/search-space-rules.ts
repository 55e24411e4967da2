import type { FileFinding } from "@keel/diagnostics";
import { issue } from "../rules/finding.js";
import { at } from "./read.js";
import { type Add, reflectionRules } from "./search-reflection.js";
import { readSearchSpace, type SearchSpace } from "./search-space.js";

const FILE = "search_space.md";
const SEED_AXES = [
  "prompt-content",
  "topology",
  "control-flow",
  "action-space",
  "observation-pipeline",
  "state-memory",
  "model-component-config",
];
const NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

/** search_space.md rules of markdown-rules § 4 that need only the file and `last`. */
export function lintSearchSpace(text: string, last: number): FileFinding[] {
  const found: FileFinding[] = [];
  const add: Add = (rule, message, line) => found.push(at(FILE, issue(rule, "error", message), line));
  const doc = readSearchSpace(text);
  axesRules(doc, last, add);
  let previous = -1;
  for (const r of doc.reflections) {
    if (!r.head) {
      add(
        "search-reflection-heading",
        `expected "## reflection_{k} (trigger: … · after iter_{n} · audited iter_{a}..iter_{n})", found "## ${r.title}"`,
        r.line,
      );
      continue;
    }
    const { k, from, to, after } = r.head;
    if (from > to || to !== after)
      add(
        "search-reflection-heading",
        `expected audited iter_a..iter_b with a ≤ b = after (iter_${after}), found iter_${from}..iter_${to}`,
        r.line,
      );
    if (k <= previous)
      add(
        "search-reflection-sequence",
        `expected reflection numbers increasing in file order, found reflection_${k} after reflection_${previous}`,
        r.line,
      );
    previous = Math.max(previous, k);
    reflectionRules(doc, r, add);
  }
  return found;
}

function axesRules(doc: SearchSpace, last: number, add: Add): void {
  const axesAt = doc.h2.find((h) => h.title === "Axes")?.line;
  const coverageAt = doc.h2.find((h) => h.title === "Coverage")?.line;
  const firstReflection = doc.reflections[0]?.line ?? Number.POSITIVE_INFINITY;
  if (axesAt === undefined || axesAt > firstReflection)
    add(
      "search-axes-section",
      `expected a "## Axes" section before every reflection section, found ${axesAt === undefined ? "none" : "it after one"}`,
      axesAt ?? 1,
    );
  if (coverageAt !== undefined && coverageAt > firstReflection)
    add(
      "search-axes-section",
      `expected "## Coverage" before the reflection sections, found it after one`,
      coverageAt,
    );
  const seen = new Set<string>();
  for (const a of doc.axes) {
    if (a.name === undefined || !NAME.test(a.name) || a.name === "none" || seen.has(a.name)) {
      const what =
        a.name === undefined ? `"${a.text.slice(0, 40)}"` : a.name === "none" ? "none" : `${a.name} again`;
      add(
        "search-axis-bullet",
        `expected a bullet "<axis-name>: …" with a new kebab-case name other than none, found ${what}`,
        a.line,
      );
    }
    if (a.name !== undefined) seen.add(a.name);
    if (a.name === undefined || SEED_AXES.includes(a.name)) continue;
    if (a.added === undefined || a.added > last + 1) {
      const what = a.added === undefined ? "no (added: iter_n) marker" : `iter_${a.added}`;
      add(
        "search-axis-added",
        `expected the added axis ${a.name} to end with (added: iter_n), n ≤ ${last + 1}, found ${what}`,
        a.line,
      );
    }
  }
  const missing = SEED_AXES.filter((x) => !seen.has(x));
  if (missing.length > 0 && axesAt !== undefined)
    add(
      "search-axes-seeded",
      `expected the seven seed axes under ## Axes, found ${missing.join(", ")} missing`,
      axesAt,
    );
}
