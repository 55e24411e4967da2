import { parentPort, workerData } from "node:worker_threads";
import { KeelError } from "@keel/diagnostics";
import { loadRegistry } from "@keel/schema-model";
import { planProtocolTimed } from "./plan-protocol.js";

// One protocol per message: generation is CPU-bound, so protocols run on all cores in parallel.
const { root, created } = workerData as { root: string; created: number };
// a worker shares the process's clock: since its creation it has loaded the generators (static imports)
const loading = performance.now() - created;
const registry = loadRegistry(root);
parentPort?.on("message", async (protocol: string) => {
  try {
    const { files, times } = await planProtocolTimed(root, registry, protocol);
    parentPort?.postMessage({ protocol, files, times, loading });
  } catch (error) {
    // a KeelError (a malformed schema: file:line:col) crosses the thread as data, to be rethrown as one
    const keel =
      error instanceof KeelError
        ? { code: error.code, message: error.message, exitCode: error.exitCode }
        : undefined;
    parentPort?.postMessage({ protocol, error: (error as Error).stack ?? String(error), keel });
  }
});
