import { existsSync } from "node:fs";
import { join } from "node:path";
import type { FileFinding } from "@keel/diagnostics";
import type { RecordDocument } from "../generated/types.gen.js";
import { issue } from "../rules/finding.js";
import type { RunContext } from "./context.js";

const normalize = (text: string): string => text.trim().replace(/\s+/g, " ");
const str = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);
/** `knowledge` and `knowledge.md` name the same target; the seed does not fix the spelling. */
const target = (file: string): string => file.replace(/\.(md|jsonl|yaml)$/, "");

/**
 * `record-think-updates`: every eager THINK write the record claims is visible in the working memory.
 * The seed types only milestone and knowledge writes; for the others we read the obvious field names
 * (profile/name, hyp_id/hyp_ids, a tools/ path as `file` or as path/tool/name).
 */
export function lintThinkUpdates(ctx: RunContext, file: string, record: RecordDocument): FileFinding[] {
  const found: FileFinding[] = [];
  const add = (k: number, message: string, key = ""): void => {
    const pointer = `/think/file_updates/${k}${key ? `/${key}` : ""}`;
    found.push({ ...issue("record-think-updates", "error", message, pointer), file });
  };
  record.think.file_updates.forEach((u, k) => {
    const entry = u as Record<string, unknown>;
    const kind = target(u.file);
    if (kind === "knowledge" && ctx.knowledgeBullets && str(entry.bullet) !== undefined) {
      // a write naming no bullet (an open-schema shape) is not checked
      const section = str(entry.section) ?? "";
      const bullet = normalize(str(entry.bullet) ?? "");
      const there = ctx.knowledgeBullets.some((b) => b.section === section && normalize(b.text) === bullet);
      if (!there)
        add(
          k,
          `expected the bullet "${bullet.slice(0, 60)}" under "## ${section}" of knowledge.md, found it missing`,
          "bullet",
        );
    } else if (kind === "experiment_design" && ctx.profiles) {
      const name = str(entry.profile) ?? str(entry.name);
      if (name !== undefined && !(name in ctx.profiles))
        add(k, `expected appended profile ${name} in experiment_design.yaml, found no such profile`);
    } else if (kind === "hypotheses") {
      const ids = [entry.hyp_id, ...(Array.isArray(entry.hyp_ids) ? entry.hyp_ids : [])].flatMap(
        (x) => str(x) ?? [],
      );
      for (const id of ids.filter((x) => !ctx.hypotheses.has(x) && !ctx.resolved.has(x)))
        add(k, `expected appended ${id} in hypotheses.jsonl or resolved in experience.jsonl, found neither`);
    } else if (kind === "tools" || /^tools\//.test(u.file)) {
      const path = /^tools\/./.test(u.file)
        ? u.file
        : (str(entry.path) ?? str(entry.tool) ?? str(entry.name));
      const rel = path === undefined || path.startsWith("tools/") ? path : `tools/${path}`;
      // a tool named without its extension is its .py module
      if (rel !== undefined && !existsSync(join(ctx.dir, rel)) && !existsSync(join(ctx.dir, `${rel}.py`)))
        add(k, `expected added tool ${rel} in the run directory, found no such file`);
    }
  });
  return found;
}
