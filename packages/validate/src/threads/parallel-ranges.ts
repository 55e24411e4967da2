import type { Finding } from "@keel/diagnostics";
import type { PairNote } from "../check/correlate-notes.js";
import type { Correlation } from "../check/correlation.js";
import { addNote, type DocumentResult, emptyResult, type FileResult } from "../check/file-result.js";
import type { StdinFormat } from "../input/raw-document.js";
import type { Lane } from "./lanes.js";
import type { Entry, RangeResult } from "./messages.js";
import { OrderedMerge, pairSender } from "./ordered-merge.js";

/** How a file is read and reported on the lanes. */
export interface ParallelSettings {
  progress?: ((r: FileResult) => void) | undefined;
  stdinFormat?: StdinFormat | undefined;
  limit?: number | undefined;
  strict: boolean;
  correlation?: Correlation | undefined;
}

/** Ranges of at most 4 MB, at least 4 per lane, so no lane waits long for the last one. */
const rangeSize = (size: number, lanes: number): number =>
  Math.max(1 << 16, Math.min(1 << 22, Math.ceil(size / (lanes * 4))));

/**
 * A regular JSON Lines file across the lanes: each takes the next byte range when it is free (workers
 * only once loaded; the main thread at once), reads it through the descriptor the main thread holds open
 * (so the file cannot change under the run) and checks the lines it owns. Results are merged in file
 * order, lines renumbered by the newlines of the ranges before; a correlated file's notes are paired as
 * each range is merged, and its responses' pair judgements read their lines again through the same descriptor.
 */
export async function checkRangesParallel(
  file: string,
  fd: number,
  size: number,
  pool: Lane[],
  settings: ParallelSettings,
): Promise<FileResult> {
  const step = rangeSize(size, pool.length);
  const count = Math.ceil(size / step);
  const result = emptyResult(file);
  const pairing = settings.correlation?.pairing();
  const merged = new OrderedMerge(result, settings.strict, pairing, pairSender(pool), settings.progress);
  const notes: Finding[] = [];
  const done = new Map<number, RangeResult>();
  let next = 0;
  let drained = 0;
  let lineOffset = 0;
  let failed = false;
  // a line past the bound ends the file as it does when streamed: later ranges are neither read nor merged
  let cut = false;
  const drain = () => {
    for (let r = done.get(drained); r !== undefined && !cut; r = done.get(drained)) {
      done.delete(drained++);
      cut = r.entries.some((e) => e.result.findings.some((f) => f.code === "validate/too-large"));
      if (cut) next = count;
      const offset = lineOffset;
      merged.add(
        r.entries.map((e) => renumber(e, offset)),
        r.documents,
        (note, task) => ({ line: note.line ?? 0, task, fd, at: note.at ?? 0, bytes: note.bytes ?? 0 }),
        r.types,
      );
      notes.push(...r.notes);
      lineOffset += r.lines;
    }
  };
  const pull = async (lane: Lane) => {
    if (!(await lane.ready)) return;
    while (next < count && !failed) {
      const index = next++;
      const start = index * step;
      const end = Math.min(size, start + step);
      const limit = settings.limit;
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
  try {
    await Promise.all(pool.flatMap((lane) => Array.from({ length: lane.depth }, () => pull(lane))));
  } finally {
    // the pair judgements read through `fd`: the caller closes it only once they are all back
    await merged.done().catch(() => {});
  }
  await merged.done();
  for (const note of notes) addNote(result, note, settings.strict);
  return result;
}

/** A range's entry with its lines counted from the file's first line. */
function renumber(entry: Entry, offset: number): Entry {
  if (offset === 0) return entry;
  const result = shifted(entry.result, offset);
  if (entry.note === undefined) return { result };
  const { line, guess } = entry.note;
  const note: PairNote = { ...entry.note, ...(line === undefined ? {} : { line: line + offset }) };
  if (guess !== undefined)
    note.guess = {
      method: guess.method,
      requestLine: guess.requestLine === undefined ? undefined : guess.requestLine + offset,
      result: shifted(guess.result, offset),
    };
  return { result, note };
}

function shifted(result: DocumentResult, offset: number): DocumentResult {
  if (result.findings.length === 0) return result;
  const findings = result.findings.map((f) => (f.line === undefined ? f : { ...f, line: f.line + offset }));
  return { ...result, findings };
}
