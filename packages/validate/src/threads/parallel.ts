import { closeSync, fstatSync } from "node:fs";
import { resolve } from "node:path";
import { emptyResult, type FileResult, merge } from "../check/check-file.js";
import { streamFd } from "../input/json-lines.js";
import { DEFAULT_MAX_DOCUMENT_BYTES } from "../input/limits.js";
import { openFile } from "../input/open-file.js";
import type { Input, RawDocument, StdinFormat } from "../input/raw-document.js";
import { readInput } from "../input/read-input.js";
import type { Lane } from "./lanes.js";
import type { BatchReply } from "./messages.js";
import { checkRangesParallel } from "./parallel-ranges.js";

const BATCH = 256;

/**
 * `--jobs N`, one file: a regular JSON Lines file is cut into byte ranges the lanes read and check
 * themselves (parallel-ranges.ts); stdin, a pipe or any other stream is read by the main thread and handed
 * out in batches of lines. Either way results keep file order and memory stays bounded.
 */
export async function checkFileParallel(
  file: string,
  cwd: string,
  pool: Lane[],
  progress?: (r: FileResult) => void,
  stdinFormat?: StdinFormat,
  limit = DEFAULT_MAX_DOCUMENT_BYTES,
): Promise<FileResult> {
  if (file === "-") return checkStream(file, readInput(file, cwd, stdinFormat, limit), pool, progress);
  const fd = openFile(resolve(cwd, file), file);
  try {
    const stat = fstatSync(fd);
    // a FIFO or /dev/stdin has no size to cut: it is streamed like stdin
    return stat.isFile()
      ? await checkRangesParallel(file, fd, stat.size, pool, progress, limit)
      : await checkStream(file, streamFd(fd, file, limit), pool, progress);
  } finally {
    closeSync(fd);
  }
}

async function checkStream(
  file: string,
  input: Input,
  pool: Lane[],
  progress?: (r: FileResult) => void,
): Promise<FileResult> {
  const result: FileResult = emptyResult(file);
  const inflight: Promise<BatchReply>[] = [];
  const settle = async () => {
    const reply = await (inflight.shift() as Promise<BatchReply>);
    if (!("results" in reply)) throw new Error("expected a batch reply from a validate lane");
    result.documents += reply.results.length;
    for (const r of reply.results) merge(result, r);
    if (progress !== undefined) progress(result);
  };
  let batch: RawDocument[] = [];
  let turn = 0;
  const send = async () => {
    // lanes still loading (or that failed to) are passed over; the main thread is always ready
    const ready = pool.filter((lane) => lane.isReady);
    const sent = (ready[turn++ % ready.length] as Lane).send({ kind: input.kind, documents: batch });
    sent.catch(() => {}); // awaited in order by settle; a failure must not also surface as unhandled
    inflight.push(sent);
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
  } finally {
    for (const p of inflight) p.catch(() => {});
  }
  for (const note of input.notes) merge(result, { valid: true, findings: [note], frames: [""] });
  return result;
}
