import { statSync } from "node:fs";
import { availableParallelism } from "node:os";
import { resolve } from "node:path";
import { type Engine, UsageError } from "@keel/diagnostics";
import { fileKindOf, findRoot, loadRegistry, protocolEntry } from "@keel/schema-model";
import { checkFile } from "./check/check-file.js";
import type { ProtocolContext } from "./check/context.js";
import { correlation } from "./check/correlation.js";
import type { FileResult } from "./check/file-result.js";
import { makeCheck } from "./check/make-check.js";
import { loadProtocol } from "./check/protocols.js";
import { refuseStale } from "./check/stale.js";
import { expandPaths } from "./input/expand-paths.js";
import { DEFAULT_MAX_DOCUMENT_BYTES } from "./input/limits.js";
import type { StdinFormat } from "./input/raw-document.js";
import { type Lane, lanes } from "./threads/lanes.js";
import { checkFileParallel } from "./threads/parallel.js";

export interface ValidateOptions {
  /** document type (registry name); detected from each document when left out */
  type?: string;
  engine: Engine;
  /** threads for JSON Lines files and stdin (1: the main thread only) */
  jobs?: number;
  /** how `-` is read; told from its first line when left out */
  stdinFormat?: StdinFormat;
  /** every warning is an error (`--strict`) */
  strict?: boolean;
  /** an input with no documents passes (`--allow-empty`); otherwise it is a `validate/empty-input` error */
  allowEmpty?: boolean;
  /**
   * the bound on one document, in bytes (a .json/.yaml file, stdin read whole, one JSON Lines line; default
   * 64 MiB): a longer one is a `validate/too-large` finding and the rest of that input is not read
   */
  maxDocumentBytes?: number;
  /**
   * requests of a session capture kept awaiting their response (default 16,384, check/correlate-pairs.ts); a
   * response to a request older than that is a `validate/response-unmatched` warning
   */
  correlationWindow?: number;
}

export interface ValidateRun {
  /** where relative paths are read from and the repository root is found from */
  cwd: string;
  /** told every 1000 documents of a file (with threads: as ranges and batches come back) */
  progress?: (r: FileResult) => void;
  /** told when a file is done, before the next one starts */
  fileDone?: (r: FileResult) => void;
}

/**
 * Every file in turn (`-` is stdin; directories walked, globs expanded), each one's findings located; with `jobs` > 1, JSON Lines files and
 * stdin across that many threads (the others on the main thread). Throws a KeelError for a usage or IO
 * problem (an unknown protocol or type, a missing file); everything wrong inside a file is a finding.
 */
export async function validateFiles(
  protocol: string,
  files: readonly string[],
  options: ValidateOptions,
  run: ValidateRun,
): Promise<FileResult[]> {
  const root = findRoot(run.cwd);
  const ctx: ProtocolContext = { root, registry: loadRegistry(root), protocol };
  const types = Object.keys(protocolEntry(ctx.registry, protocol).documentTypes);
  const module = await loadProtocol(protocol, options.engine);
  refuseStale(root, protocol);
  if (options.type !== undefined && !Object.hasOwn(module.documentTypes, options.type))
    throw new UsageError(
      `expected a ${protocol} document type (${types.join(", ")}), found "${options.type}"`,
    );
  const check = makeCheck(ctx, module, options);
  const strict = options.strict === true;
  // a session capture's responses matched to their requests: noted on any thread, paired on this one
  const correlated = correlation({
    ...ctx,
    module,
    type: options.type,
    window: options.correlationWindow,
  });
  // more threads than cores only adds start-up and contention
  const jobs = Math.min(options.jobs ?? 1, availableParallelism());
  const settings = {
    ...ctx,
    check: { engine: options.engine, ...(options.type ? { type: options.type } : {}) },
    correlate: correlated !== undefined,
  };
  const read = {
    progress: run.progress,
    stdinFormat: options.stdinFormat,
    limit: options.maxDocumentBytes ?? DEFAULT_MAX_DOCUMENT_BYTES,
    strict,
  };
  const results: FileResult[] = [];
  const inputs = expandPaths(files, run.cwd);
  // one set of threads for the whole run, started at the first input big enough to repay their start-up
  let pool: Lane[] | undefined;
  try {
    for (const file of inputs) {
      const parallel =
        jobs > 1 && (file === "-" || (fileKindOf(file) === "jsonl" && worthThreads(run.cwd, file)));
      if (parallel) pool ??= lanes(settings, { check, correlation: correlated }, jobs);
      const r =
        parallel && pool !== undefined
          ? await checkFileParallel(file, run.cwd, pool, { ...read, correlation: correlated })
          : checkFile(file, run.cwd, check, read, correlated);
      if (r.documents === 0 && options.allowEmpty !== true) refuseEmpty(r);
      run.fileDone?.(r);
      results.push(r);
    }
  } finally {
    await Promise.all(pool?.map((lane) => lane.close()) ?? []);
  }
  return results;
}

/**
 * Whether a file repays starting threads. A worker loads in ≈ 0.15 s of CPU; with spare cores that runs
 * beside the main thread and pays from ≈ 8 MB, on two cores it takes the main thread's core and pays only
 * from ≈ 64 MB (measured: 34 MB 0.60 s → 0.69 s with 2 jobs, 171 MB 1.90 s → 1.49 s).
 */
function worthThreads(cwd: string, file: string): boolean {
  const tuned = Number(process.env.KEEL_VALIDATE_THREAD_BYTES);
  const threshold =
    Number.isFinite(tuned) && tuned >= 0 ? tuned : (availableParallelism() > 2 ? 8 : 64) * 1024 * 1024;
  try {
    const stat = statSync(resolve(cwd, file));
    return !stat.isFile() || stat.size > threshold;
  } catch {
    return false; // the main-thread path reports what is wrong with it
  }
}

/** One rule for an empty file and empty stdin: no documents is a finding unless `--allow-empty`. */
function refuseEmpty(r: FileResult): void {
  r.invalid = 1;
  r.findings.unshift({
    code: "validate/empty-input",
    severity: "error",
    message: `expected at least one document, found ${r.file === "-" ? "empty stdin" : "an empty file"} (or only blank lines)`,
    pointer: "",
    line: 1,
    column: 1,
    hint: "pass --allow-empty when an empty input is fine",
    file: r.file,
  });
  r.frames.unshift("");
}
