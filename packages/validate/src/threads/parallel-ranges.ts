import type { Finding } from "@keel/diagnostics";
import { countType, emptyResult, type FileResult, merge } from "../check/check-file.js";
import type { Lane } from "./lanes.js";
import type { RangeResult } from "./messages.js";

/** Ranges of at most 4 MB, at least 4 per lane, so no lane waits long for the last one. */
const rangeSize = (size: number, lanes: number): number =>
  Math.max(1 << 16, Math.min(1 << 22, Math.ceil(size / (lanes * 4))));

/**
 * A regular JSON Lines file across the lanes: each takes the next byte range when it is free (workers
 * only once loaded; the main thread at once), reads it through the descriptor the main thread holds open
 * (so the file cannot change under the run) and checks the lines it owns. Results are merged in file
 * order, lines renumbered by the newlines of the ranges before.
 */
export async function checkRangesParallel(
  file: string,
  fd: number,
  size: number,
  pool: Lane[],
  progress?: (r: FileResult) => void,
  limit?: number,
): Promise<FileResult> {
  const step = rangeSize(size, pool.length);
  const count = Math.ceil(size / step);
  const result: FileResult = emptyResult(file);
  const notes: Finding[] = [];
  const done = new Map<number, RangeResult>();
  let next = 0;
  let merged = 0;
  let lineOffset = 0;
  let failed = false;
  // a line past the bound ends the file as it does when streamed: later ranges are neither read nor merged
  let cut = false;
  const drain = () => {
    for (let r = done.get(merged); r !== undefined && !cut; r = done.get(merged)) {
      done.delete(merged++);
      cut = r.findings.some((f) => f.code === "validate/too-large");
      if (cut) next = count;
      result.documents += r.documents;
      result.invalid += r.invalid;
      for (const [type, n] of Object.entries(r.types)) countType(result.types, type, n);
      for (const [i, f] of r.findings.entries()) {
        result.findings.push({ ...f, ...(f.line === undefined ? {} : { line: f.line + lineOffset }), file });
        result.frames.push(r.frames[i] ?? "");
      }
      notes.push(...r.notes);
      lineOffset += r.lines;
      if (progress !== undefined) progress(result);
    }
  };
  const pull = async (lane: Lane) => {
    if (!(await lane.ready)) return;
    while (next < count && !failed) {
      const index = next++;
      const start = index * step;
      const end = Math.min(size, start + step);
      const range = { fd, name: file, start, end, size, ...(limit === undefined ? {} : { limit }) };
      const reply = await lane.send({ range }).catch((error: unknown) => {
        failed = true;
        throw error;
      });
      if (!("range" in reply)) throw new Error("expected a range reply from a validate lane");
      done.set(index, reply.range);
      drain();
    }
  };
  await Promise.all(pool.flatMap((lane) => Array.from({ length: lane.depth }, () => pull(lane))));
  for (const note of notes) merge(result, { valid: true, findings: [note], frames: [""] });
  return result;
}
