import { parentPort, workerData } from "node:worker_threads";
import { KeelError } from "@keel/diagnostics";
import { loadRegistry } from "@keel/schema-model";
import { loadProtocol } from "../protocols.js";
import { checkOne } from "./check-file.js";
import { makeCheck } from "./make-check.js";
import type { Batch, BatchReply, WorkerSettings } from "./parallel.js";

// One `keel validate --jobs` worker: builds the same check as the main thread, then answers batches in order.
const settings = workerData as WorkerSettings;
const module = await loadProtocol(settings.protocol);
const check = makeCheck(
  settings.root,
  loadRegistry(settings.root),
  settings.protocol,
  module,
  settings.check,
);

parentPort?.on("message", (batch: Batch) => {
  let reply: BatchReply;
  try {
    reply = { results: batch.documents.map((doc) => checkOne(doc, batch.kind, check)) };
  } catch (error) {
    reply = {
      error: {
        message: (error as Error).message,
        code: error instanceof KeelError ? error.code : "validate/worker-failed",
        exitCode: error instanceof KeelError ? error.exitCode : 1,
      },
    };
  }
  parentPort?.postMessage(reply);
});
