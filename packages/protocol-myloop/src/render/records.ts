import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { validateRecord } from "../generated/api.gen.js";
import type { RecordDocument } from "../generated/types.gen.js";
import { isDirSafe, listDirSafe } from "../safe-fs.js";

/** `iteration/iter_{n}` folder numbers in ascending order. */
export function iterationNumbers(dir: string): number[] {
  const root = join(dir, "iteration");
  return listDirSafe(root)
    .filter((name) => /^iter_(0|[1-9][0-9]*)$/.test(name) && isDirSafe(join(root, name)))
    .map((name) => Number(name.slice(5)))
    .sort((a, b) => a - b);
}

/** Every committed record that parses and is schema-valid, ascending by iteration (the render input). */
export function loadRecords(dir: string): RecordDocument[] {
  const records: RecordDocument[] = [];
  for (const n of iterationNumbers(dir)) {
    const path = join(dir, "iteration", `iter_${n}`, "record.json");
    if (!existsSync(path)) continue;
    try {
      const doc: unknown = JSON.parse(readFileSync(path, "utf8"));
      if (validateRecord(doc).valid) records.push(doc as RecordDocument);
    } catch {
      // an unparseable record is the linter's finding, not the renderer's
    }
  }
  return records.sort((a, b) => a.iter - b.iter);
}
