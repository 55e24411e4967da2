import { join } from "node:path";
import type { FileFinding } from "@keel/diagnostics";
import type { Critique, RecordDocument, Spec } from "../generated/types.gen.js";
import { issue } from "../rules/finding.js";
import { listDirSafe } from "../safe-fs.js";
import { lintBlockOverrides } from "./block-override.js";
import type { RunContext } from "./context.js";
import { lintCritiques } from "./critiques.js";
import { lintFolderContents } from "./folder-contents.js";
import { checkJsonFile } from "./read.js";
import { lintRecordAgainstSpec } from "./record-vs-spec.js";
import { lintSpecInRun } from "./spec-in-run.js";
import { lintThinkUpdates } from "./think-updates.js";

/** Everything about one committed `iteration/iter_{n}/` folder. */
export function lintIteration(ctx: RunContext, n: number): FileFinding[] {
  const rel = `iteration/iter_${n}`;
  const folder = join(ctx.dir, rel);
  const names = listDirSafe(folder);
  const found: FileFinding[] = [];
  if (!names.includes("record.json")) {
    found.push({
      ...issue(
        "commit-record-present",
        "error",
        `expected ${rel}/record.json, found a folder without it (a torn commit)`,
      ),
      file: rel,
    });
  }
  const specFile = checkJsonFile(ctx.dir, `${rel}/spec.json`, "spec");
  const recordFile = checkJsonFile(ctx.dir, `${rel}/record.json`, "record");
  found.push(...specFile.findings, ...recordFile.findings);
  const spec = specFile.doc as Spec | undefined;
  const record = recordFile.doc as RecordDocument | undefined;
  if (spec) found.push(...lintSpecInRun(ctx, `${rel}/spec.json`, spec, n));
  const critiques = lintCritiques(ctx, rel, names, spec);
  found.push(...critiques.findings);
  if (spec) found.push(...lintBlockOverrides(`${rel}/spec.json`, spec, critiques.byFile, names));
  ctx.iterations.set(n, {
    names,
    critiques: critiques.byFile,
    ...(spec ? { spec } : {}),
    ...(record ? { record } : {}),
  });
  if (record) {
    if (record.iter !== n) {
      found.push({
        ...issue(
          "record-iter-dir",
          "error",
          `expected iter ${n} (the folder), found ${record.iter}`,
          "/iter",
        ),
        file: `${rel}/record.json`,
      });
    }
    found.push(...lintRecordAgainstSpec(ctx, rel, record, spec, critiques.byFile, names));
    found.push(...lintThinkUpdates(ctx, `${rel}/record.json`, record));
  }
  if (spec) found.push(...lintFolderContents(rel, names, spec, record, critiques.byFile));
  return found;
}

export type CritiquesByFile = Map<string, Critique>;
