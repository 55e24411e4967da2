import { renderLineage } from "./lineage.js";
import { loadRecords } from "./records.js";
import { runName } from "./run-name.js";
import { renderTrace } from "./trace.js";

export type DerivedFile = "trace" | "lineage";

/** Fresh trace.md / lineage.md text for a run directory; undefined when graph and N cannot be named. */
export function renderRunFile(dir: string, kind: DerivedFile): string | undefined {
  const name = runName(dir);
  if (!name) return undefined;
  const records = loadRecords(dir);
  return kind === "trace" ? renderTrace(name, records) : renderLineage(name, records);
}
