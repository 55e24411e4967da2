import { isRecord, show, unescapeToken } from "@keel/diagnostics";
import type { Run } from "./context.js";
import { expand } from "./pointer.js";

/** The concrete pointers of a document's version fields (none when the options say leave them). */
export function versionPointers(
  run: Pick<Run, "plan" | "options">,
  root: string,
  document: unknown,
): Set<string> {
  if (run.options.setVersion === false) return new Set();
  return new Set((run.plan.versionPointers[root] ?? []).flatMap((p) => expand(document, p)));
}

/** Writes the older version into every version field the result has (a number stays a number). */
export function writeVersions(run: Run, result: unknown): void {
  for (const pointer of run.versionAt) {
    const tokens = pointer.split("/").slice(1).map(unescapeToken);
    const key = tokens.pop() as string;
    let parent: unknown = result;
    for (const t of tokens)
      parent = isRecord(parent) || Array.isArray(parent) ? (parent as Record<string, unknown>)[t] : undefined;
    if (!isRecord(parent) || !Object.hasOwn(parent, key)) continue;
    const current = parent[key];
    const version = run.options.versionValue ?? run.plan.versionValue;
    const value = typeof current === "number" && Number.isFinite(Number(version)) ? Number(version) : version;
    if (current === value) continue;
    run.changes.push({ action: "version-set", pointer, detail: `version ${show(current)} → ${show(value)}` });
    parent[key] = value;
  }
}
