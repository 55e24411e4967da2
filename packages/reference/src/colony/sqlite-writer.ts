// The colony's writer thread: commits each batch the main thread sends (one transaction, one fsync) and
// answers with the results, so the main thread keeps parsing and validating while the disk syncs.
import { parentPort, workerData } from "node:worker_threads";
import { batchWriter, openDatabase, type SyncMode, type WriteOp } from "./sqlite-schema.js";

const { file, sync } = workerData as { file: string; sync: SyncMode };
const db = openDatabase(file, sync);
const write = batchWriter(db);

parentPort?.on("message", (batch: WriteOp[] | "close") => {
  if (batch === "close") {
    db.close();
    parentPort?.close();
    return;
  }
  parentPort?.postMessage(write(batch));
});
