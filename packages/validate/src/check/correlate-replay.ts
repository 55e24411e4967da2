import { readSync } from "node:fs";
import { stripBom } from "../input/bom.js";
import { lineDocument } from "../input/json-lines.js";
import type { RawDocument } from "../input/raw-document.js";
import type { PairTask } from "./correlate-pairs.js";
import type { Correlation } from "./correlation.js";
import type { DocumentResult } from "./file-result.js";
import { parseDocument } from "./parse-document.js";

/**
 * A response's pair judgement sent to a lane: its line (the main thread's copy of a streamed line, or where a
 * worker found it in the file), its line number and its task. The value is not kept between the line's check
 * and its pair judgement: the lane parses the line again.
 */
export interface PairJob {
  line: number;
  task: PairTask;
  text?: string;
  /** the file's descriptor the main thread holds open, and the line's bytes in it */
  fd?: number;
  at?: number;
  bytes?: number;
}

/** The pair judgement of a job, on the lane that took it. */
export function replayPair(job: PairJob, correlation: Correlation): DocumentResult {
  const doc = documentOf(job);
  const parsed = parseDocument(doc);
  // it parsed when its line was checked: a failure now means the file changed under the run
  if (!parsed.ok) throw new Error(`expected line ${job.line} to parse again as it did, found it changed`);
  return correlation.judge(parsed.value, doc, job.task);
}

function documentOf(job: PairJob): RawDocument {
  if (job.text !== undefined) return { line: job.line, text: job.text };
  const { fd, at = 0, bytes = 0 } = job;
  if (fd === undefined) throw new Error("expected a pair job with its line's text or place");
  const buffer = Buffer.allocUnsafe(bytes);
  let n = 0;
  while (n < bytes) {
    const got = readSync(fd, buffer, n, bytes - n, at + n);
    if (got === 0) break;
    n += got;
  }
  // the file's first line may carry a byte order mark (its note was made when the line was first read)
  const line = at === 0 ? stripBom(buffer.subarray(0, n), []) : buffer.subarray(0, n);
  return lineDocument(line, job.line) ?? { line: job.line, text: "" };
}
