import { bullets, mdLines } from "./markdown.js";

const AXIS = /^(?:\*\*|`)?([a-z][a-z0-9]*(?:-[a-z0-9]+)*)(?:\*\*|`)?:/;

/** Axis names of search_space.md's `## Axes` section (markdown-rules § 4 `search-axis-bullet`). */
export function readAxes(text: string): Set<string> {
  const names = bullets(mdLines(text))
    .filter((b) => b.section === "Axes")
    .flatMap((b) => AXIS.exec(b.text)?.[1] ?? []);
  return new Set(names);
}
