import { parentPort, workerData } from "node:worker_threads";
import { correlation } from "../check/correlation.js";
import { makeCheck } from "../check/make-check.js";
import { loadProtocol } from "../check/protocols.js";
import { answer } from "./lanes.js";
import type { Batch, WorkerSettings } from "./messages.js";

// One `keel validate --jobs` worker: builds the same check (and correlation) as the main thread, then answers batches in order.
const settings = workerData as WorkerSettings;
const module = await loadProtocol(settings.protocol, settings.check.engine);
const work = {
  check: makeCheck(settings, module, settings.check),
  correlation: settings.correlate
    ? correlation({ ...settings, module, type: settings.check.type })
    : undefined,
};

parentPort?.on("message", (batch: Batch) => {
  parentPort?.postMessage(answer(batch, work));
});
parentPort?.postMessage({ ready: true });
