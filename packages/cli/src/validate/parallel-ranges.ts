import { closeSync, fstatSync } from "node:fs";
import { resolve } from "node:path";
import type { Finding } from "@keel/diagnostics";
import { type Check, type FileResult, merge } from "./check-file.js";
import { lanes } from "./lanes.js";
import type { RangeResult, WorkerSettings } from "./parallel.js";
import { openFile } from "./read-input.js";

/** Ranges of at most 4 MB, at least 4 per lane, so no lane waits long for the last one. */
const rangeSize = (size: number, jobs: number): number =>
  Math.max(1 << 16, Math.min(1 << 22, Math.ceil(size / (jobs * 4))));

/**
 * A JSON Lines file across the main thread and N − 1 workers: each lane takes the next byte range when it
 * is free (the main thread starts at once while workers still load), reads and checks it itself; results
 * are merged in file order, lines renumbered by the newlines of the ranges before.
 */
export async function checkRangesParallel(
  file: string,
  cwd: string,
  settings: WorkerSettings,
  check: Check,
  jobs: number,
  progress?: (r: FileResult) => void,
): Promise<FileResult> {
  const path = resolve(cwd, file);
  const fd = openFile(path, file);
  const size = fstatSync(fd).size;
  closeSync(fd);
  const step = rangeSize(size, jobs);
  const count = Math.ceil(size / step);
  const result: FileResult = { file, documents: 0, invalid: 0, findings: [], frames: [] };
  const notes: Finding[] = [];
  const done = new Map<number, RangeResult>();
  let next = 0;
  let merged = 0;
  let lineOffset = 0;
  const drain = () => {
    for (let r = done.get(merged); r !== undefined; r = done.get(merged)) {
      done.delete(merged++);
      result.documents += r.documents;
      result.invalid += r.invalid;
      for (const [i, f] of r.findings.entries()) {
        result.findings.push({ ...f, ...(f.line === undefined ? {} : { line: f.line + lineOffset }), file });
        result.frames.push(r.frames[i] ?? "");
      }
      notes.push(...r.notes);
      lineOffset += r.lines;
      if (progress !== undefined) progress(result);
    }
  };
  const pool = lanes(settings, check, Math.max(1, Math.min(jobs, count)));
  try {
    await Promise.all(
      pool
        .flatMap((lane) => Array.from({ length: lane.depth }, () => lane))
        .map(async (lane) => {
          while (next < count) {
            const index = next++;
            const start = index * step;
            const reply = await lane.send({
              range: { path, start, end: Math.min(size, start + step), size },
            });
            if (!("range" in reply)) throw new Error("expected a range reply from a validate lane");
            done.set(index, reply.range);
            drain();
          }
        }),
    );
  } finally {
    await Promise.all(pool.map((lane) => lane.close()));
  }
  for (const note of notes) merge(result, { valid: true, findings: [note], frames: [""] });
  return result;
}
