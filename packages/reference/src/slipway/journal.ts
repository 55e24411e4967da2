import { randomUUID } from "node:crypto";
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeSync,
} from "node:fs";
import { join } from "node:path";
import { SlipwayError, STATE } from "./errors.js";
import { nextOf } from "./next.js";
import type { RunRecord } from "./record.js";

/**
 * The journal: one JSON file per Run under `<git common dir>/slipway/runs/` (inside `.git`, so the
 * worktree and `git status` never see it, as with the real CLI). Every mutation writes the whole
 * record to a temp file, fsyncs it, renames it over the old one and fsyncs the directory: a crash at
 * any point leaves either the old or the new record, never a torn one. One writer at a time per Run
 * through an exclusive lock file holding the writer's pid (a dead writer's lock is taken over).
 */
const RUN_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const LOCK_WAIT_MS = 5000;
const STALE_LOCK_MS = 30000;

export const runFile = (runsDir: string, id: string): string => join(runsDir, `${id}.json`);

export function readRun(runsDir: string, id: string): RunRecord {
  if (!RUN_ID.test(id))
    throw new SlipwayError("run_not_found", `run ${JSON.stringify(id)} was not found`, STATE);
  let text: string;
  try {
    text = readFileSync(runFile(runsDir, id), "utf8");
  } catch {
    throw new SlipwayError("run_not_found", `run ${JSON.stringify(id)} was not found`, STATE);
  }
  try {
    const run = JSON.parse(text) as RunRecord;
    if (run.journal_version !== 1 || run.id !== id) throw new Error("not a version 1 journal of this run");
    return run;
  } catch (e) {
    throw new SlipwayError(
      "run_journal_invalid",
      `run ${id} journal is invalid: ${(e as Error).message}`,
      STATE,
    );
  }
}

export function writeRun(runsDir: string, run: RunRecord): void {
  mkdirSync(runsDir, { recursive: true });
  const target = runFile(runsDir, run.id);
  const temp = join(runsDir, `.${run.id}.${process.pid}.${randomUUID()}.tmp`);
  const fd = openSync(temp, "wx", 0o600);
  try {
    writeSync(fd, JSON.stringify(run));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, target);
  const dir = openSync(runsDir, "r");
  try {
    fsyncSync(dir);
  } finally {
    closeSync(dir);
  }
}

/** Every journalled run id (newest files last is not guaranteed; callers sort by created_at). */
export function listRunIds(runsDir: string): string[] {
  try {
    return readdirSync(runsDir)
      .filter((f) => f.endsWith(".json") && !f.startsWith("."))
      .map((f) => f.slice(0, -".json".length));
  } catch {
    return [];
  }
}

/** Runs `fn` holding the Run's lock; a lock older than STALE_LOCK_MS belonged to a crashed writer. */
export function withLock<T>(runsDir: string, id: string, fn: () => T): T {
  mkdirSync(runsDir, { recursive: true });
  const lock = join(runsDir, `.${id}.lock`);
  const deadline = Date.now() + LOCK_WAIT_MS;
  for (;;) {
    try {
      const fd = openSync(lock, "wx");
      writeSync(fd, String(process.pid));
      closeSync(fd);
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
      if (isStale(lock)) rmSync(lock, { force: true });
      else if (Date.now() > deadline) throw busy(runsDir, id);
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 20);
    }
  }
  try {
    return fn();
  } finally {
    rmSync(lock, { force: true });
  }
}

/** A lock is stale when its writer's process is gone (same host) or it is older than STALE_LOCK_MS. */
function isStale(lock: string): boolean {
  try {
    if (Date.now() - statSync(lock).mtimeMs > STALE_LOCK_MS) return true;
    const pid = Number(readFileSync(lock, "utf8"));
    if (!Number.isInteger(pid) || pid <= 0) return false; // being written right now
    process.kill(pid, 0);
    return false;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "ESRCH";
  }
}

/** `run_busy` with the Run's own `next` when its journal can be read (reading needs no lock). */
function busy(runsDir: string, id: string): SlipwayError {
  const error = new SlipwayError("run_busy", `run ${id} is locked by another writer`, STATE);
  try {
    const run = readRun(runsDir, id);
    return error.withRun(nextOf(run), { run_id: run.id, state: run.state });
  } catch {
    return error;
  }
}
