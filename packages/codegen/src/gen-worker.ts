import { parentPort, workerData } from "node:worker_threads";
import { loadRegistry } from "@keel/schema-model";
import { planProtocol } from "./plan-protocol.js";

// One protocol per message: generation is CPU-bound, so protocols run on all cores in parallel.
const { root } = workerData as { root: string };
const registry = loadRegistry(root);
parentPort?.on("message", async (protocol: string) => {
  try {
    parentPort?.postMessage({ protocol, files: await planProtocol(root, registry, protocol) });
  } catch (error) {
    parentPort?.postMessage({ protocol, error: (error as Error).stack ?? String(error) });
  }
});
