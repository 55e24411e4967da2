import { closeSync, fstatSync } from "node:fs";
import { resolve } from "node:path";
import { addNote, emptyResult, type FileResult } from "../check/file-result.js";
import { streamFd } from "../input/json-lines.js";
import { DEFAULT_MAX_DOCUMENT_BYTES } from "../input/limits.js";
import { openFile } from "../input/open-file.js";
import type { Input, RawDocument } from "../input/raw-document.js";
import { readInput } from "../input/read-input.js";
import type { Lane } from "./lanes.js";
import type { BatchReply, Entry } from "./messages.js";
import { OrderedMerge, pairSender } from "./ordered-merge.js";
import { checkRangesParallel, type ParallelSettings } from "./parallel-ranges.js";

const BATCH = 256;

/**
 * `--jobs N`, one file: a regular JSON Lines file is cut into byte ranges the lanes read and check
 * themselves (parallel-ranges.ts); stdin, a pipe or any other stream is read by the main thread and handed
 * out in batches of lines. Either way results keep file order and memory stays bounded; a correlated file's
 * lines are paired on the main thread in file order and its responses' pair judgements go back to the lanes.
 */
export async function checkFileParallel(
  file: string,
  cwd: string,
  pool: Lane[],
  settings: ParallelSettings,
): Promise<FileResult> {
  const limit = settings.limit ?? DEFAULT_MAX_DOCUMENT_BYTES;
  if (file === "-")
    return checkStream(file, readInput(file, cwd, settings.stdinFormat, limit), pool, settings);
  const fd = openFile(resolve(cwd, file), file);
  try {
    const stat = fstatSync(fd);
    // a FIFO or /dev/stdin has no size to cut: it is streamed like stdin
    return stat.isFile()
      ? await checkRangesParallel(file, fd, stat.size, pool, { ...settings, limit })
      : await checkStream(file, streamFd(fd, file, limit), pool, settings);
  } finally {
    closeSync(fd);
  }
}

async function checkStream(
  file: string,
  input: Input,
  pool: Lane[],
  settings: ParallelSettings,
): Promise<FileResult> {
  const result = emptyResult(file);
  const pairing = settings.correlation?.pairing();
  const merged = new OrderedMerge(result, settings.strict, pairing, pairSender(pool), settings.progress);
  // each batch's lines kept until its reply is merged: a paired response's text goes to its pair judgement
  const inflight: { sent: Promise<BatchReply>; documents: RawDocument[] }[] = [];
  const settle = async () => {
    const { sent, documents } = inflight.shift() as (typeof inflight)[number];
    const reply = await sent;
    if (!("results" in reply)) throw new Error("expected a batch reply from a validate lane");
    const notes = new Map((reply.notes ?? []).map((note) => [note.index, note]));
    const entries: Entry[] = [];
    for (const [i, r] of reply.results.entries()) {
      const note = notes.get(i);
      // every one: each carries its type, counted as it is merged
      entries.push(note === undefined ? { result: r } : { result: r, note });
    }
    merged.add(entries, reply.results.length, (note, task) => {
      const doc = documents[note.index] as RawDocument;
      return { line: doc.line, task, ...(doc.text === undefined ? {} : { text: doc.text }) };
    });
  };
  let batch: RawDocument[] = [];
  let turn = 0;
  const send = async () => {
    // lanes still loading (or that failed to) are passed over; the main thread is always ready
    const ready = pool.filter((lane) => lane.isReady);
    const sent = (ready[turn++ % ready.length] as Lane).send({ kind: input.kind, documents: batch });
    sent.catch(() => {}); // awaited in order by settle; a failure must not also surface as unhandled
    inflight.push({ sent, documents: settings.correlation === undefined ? [] : batch });
    batch = [];
    if (inflight.length >= 2 * ready.length) await settle();
  };
  try {
    for (const doc of input.documents) {
      batch.push(doc);
      if (batch.length === BATCH) await send();
    }
    if (batch.length > 0) await send();
    while (inflight.length > 0) await settle();
    await merged.done();
  } finally {
    for (const p of inflight) p.sent.catch(() => {});
  }
  for (const note of input.notes) addNote(result, note, settings.strict);
  return result;
}
