import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { dirname, join, relative } from "node:path";
import { Worker } from "node:worker_threads";
import { type ExitCode, KeelError } from "@keel/diagnostics";
import { loadSchemaSet, type Registry } from "@keel/schema-model";
import type { GenTimings, StageTimes } from "./gen-timings.js";
import type { GeneratedFile } from "./generated-file.js";
import { generatedDir, langDir } from "./paths.js";
import { assertSupported } from "./zod/supported.js";

/**
 * Everything `keel gen` owns for the given protocols, in a stable order. Protocols are generated in
 * worker threads, one per core (two here), largest first; a single protocol runs in this thread.
 * `timings`, when given, receives each thread's loading time and each protocol's stage times.
 */
export async function planGeneration(
  root: string,
  registry: Registry,
  protocols: readonly string[],
  timings?: GenTimings,
): Promise<GeneratedFile[]> {
  // imported lazily: the generators (quicktype, ts-morph, …) load in ~0.8 s, which the main thread need
  // not pay when the workers do the generating
  if (protocols.length === 1) {
    const start = performance.now();
    const { planProtocolTimed } = await import("./plan-protocol.js");
    timings?.loading.push(performance.now() - start);
    const { files, times } = await planProtocolTimed(root, registry, protocols[0] as string);
    timings?.protocols.set(protocols[0] as string, times);
    return files;
  }
  // read every schema here first: a malformed one fails fast, located, before any worker starts
  for (const p of protocols) assertSupported(loadSchemaSet(root, registry, p));
  const results = new Map<string, GeneratedFile[]>();
  const size = (p: string): number =>
    (registry.protocols[p]?.schemas ?? []).reduce(
      (n, f) => n + statSync(join(root, "schemas", p, f)).size,
      0,
    );
  const queue = [...protocols].sort((a, b) => size(b) - size(a));
  const workers = Array.from(
    { length: Math.min(availableParallelism(), queue.length) },
    () =>
      new Worker(new URL("./gen-worker.js", import.meta.url), {
        workerData: { root, created: performance.now() },
      }),
  );
  try {
    await Promise.all(workers.map((worker) => drain(worker, queue, results, timings)));
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  return protocols.flatMap((p) => results.get(p) ?? []);
}

interface WorkerReply {
  protocol: string;
  files?: GeneratedFile[];
  times?: StageTimes;
  /** milliseconds the worker spent loading the generators */
  loading?: number;
  error?: string;
  /** the error was a KeelError (bad input, not a bug): its code, message and exit code */
  keel?: { code: string; message: string; exitCode: ExitCode };
}

function drain(
  worker: Worker,
  queue: string[],
  results: Map<string, GeneratedFile[]>,
  timings: GenTimings | undefined,
): Promise<void> {
  let loaded = false;
  return new Promise((resolve, reject) => {
    const next = (): void => {
      const protocol = queue.shift();
      if (protocol === undefined) resolve();
      else worker.postMessage(protocol);
    };
    worker.on("message", (m: WorkerReply) => {
      if (m.keel !== undefined)
        reject(new KeelError(m.keel.code, m.keel.message, { exitCode: m.keel.exitCode }));
      else if (m.error !== undefined) reject(new Error(`generating ${m.protocol} failed: ${m.error}`));
      else results.set(m.protocol, m.files ?? []);
      if (m.times !== undefined) timings?.protocols.set(m.protocol, m.times);
      if (!loaded && m.loading !== undefined) timings?.loading.push(m.loading);
      loaded = true;
      next();
    });
    worker.on("error", reject);
    next();
  });
}

/** The folders whose every file `keel gen` owns: a file there that the plan lacks is stale. */
export function ownedDirs(protocol: string): string[] {
  return [generatedDir(protocol), join("conformance", protocol, "fixtures"), langDir(protocol)];
}

export interface Drift {
  added: string[];
  changed: string[];
  removed: string[];
}

export function diffGenerated(
  root: string,
  protocols: readonly string[],
  plan: readonly GeneratedFile[],
): Drift {
  const drift: Drift = { added: [], changed: [], removed: [] };
  const planned = new Set(plan.map((f) => f.path));
  for (const file of plan) {
    const path = join(root, file.path);
    if (!existsSync(path)) drift.added.push(file.path);
    else if (readFileSync(path, "utf8") !== file.content) drift.changed.push(file.path);
  }
  for (const dir of protocols.flatMap(ownedDirs)) {
    for (const path of filesUnder(join(root, dir))) {
      const rel = relative(root, path);
      if (!planned.has(rel)) drift.removed.push(rel);
    }
  }
  return drift;
}

export function applyGenerated(root: string, plan: readonly GeneratedFile[], drift: Drift): void {
  const touched = new Set([...drift.added, ...drift.changed]);
  for (const file of plan) {
    if (!touched.has(file.path)) continue;
    mkdirSync(dirname(join(root, file.path)), { recursive: true });
    writeFileSync(join(root, file.path), file.content);
  }
  for (const path of drift.removed) rmSync(join(root, path));
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}
