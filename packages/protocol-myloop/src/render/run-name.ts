import { join, resolve, sep } from "node:path";
import { readFileSafe } from "../safe-fs.js";

export interface RunName {
  graph: string;
  version: number;
}

const TITLE = /^# (?:Trace|Lineage) — myloop (\S+) v([0-9]+)$/;

/** Graph and run generation from the path `…/myloop/{graph}/v{N}/` (markdown-rules § 8). */
export function runNameFromPath(dir: string): RunName | undefined {
  const parts = resolve(dir).split(sep);
  const [mark, graph, v] = parts.slice(-3);
  const n = /^v([0-9]+)$/.exec(v ?? "")?.[1];
  return mark === "myloop" && graph && n !== undefined ? { graph, version: Number(n) } : undefined;
}

/** From the path, else from the title of an existing trace.md or lineage.md. */
export function runName(dir: string): RunName | undefined {
  const fromPath = runNameFromPath(dir);
  if (fromPath) return fromPath;
  for (const file of ["trace.md", "lineage.md"]) {
    const text = readFileSafe(join(dir, file));
    if (text === undefined) continue;
    const m = TITLE.exec(text.split("\n")[0]?.trimEnd() ?? "");
    if (m) return { graph: m[1] as string, version: Number(m[2]) };
  }
  return undefined;
}
