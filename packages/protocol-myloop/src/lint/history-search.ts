import type { FileFinding } from "@keel/diagnostics";
import { issue } from "../rules/finding.js";
import { committedVersions } from "./git.js";
import { at, readText } from "./read.js";
import { type Reflection, readSearchSpace } from "./search-space.js";

const FILE = "search_space.md";
const sectionText = (r: Reflection): string =>
  [r.title, ...r.body.map((l) => l.text)].join("\n").replace(/\n+$/, "");

/** `search-append-only` (history): axis bullets and reflection sections of every committed version survive unchanged, in order, at the front. */
export function searchSpaceHistory(dir: string): FileFinding[] {
  const text = readText(dir, FILE);
  if (text === undefined) return [];
  const now = readSearchSpace(text);
  const changed = (what: string, line: number | undefined): FileFinding[] => [
    at(
      FILE,
      issue("search-append-only", "error", `expected ${what}, found it changed, moved or removed`),
      line ?? 1,
    ),
  ];
  for (const { commit, text: before } of committedVersions(dir, FILE)) {
    const old = readSearchSpace(before);
    const axis = old.axes.findIndex((a, i) => now.axes[i]?.text !== a.text);
    if (axis >= 0)
      return changed(
        `the axis bullet "${old.axes[axis]?.text.slice(0, 50)}" of ${commit} unchanged at position ${axis + 1} of ## Axes`,
        now.axes[axis]?.line,
      );
    const section = old.reflections.findIndex(
      (r, i) => !now.reflections[i] || sectionText(now.reflections[i]) !== sectionText(r),
    );
    if (section >= 0)
      return changed(
        `the section "## ${old.reflections[section]?.title.slice(0, 50)}" of ${commit} unchanged`,
        now.reflections[section]?.line,
      );
  }
  return [];
}
