import type { AddressInfo } from "node:net";
import { parseArgs } from "node:util";
import { jsonLogger, type LogLevel } from "./log.js";
import { defaultRateLimit } from "./rate-limit.js";
import { createColonyServer } from "./server.js";
import type { SyncMode } from "./sqlite-schema.js";
import { SqliteStore } from "./sqlite-store.js";

const usage =
  "usage: keel-colony [--port N] [--host H] [--db FILE|:memory:] [--rate-limit N] [--rate-window S] [--sync full|normal] [--log-level L]";
const levels = ["debug", "info", "warn", "error", "silent"];

const round = (ms: number) => Math.round(ms * 100) / 100;

function positiveInt(name: string, text: string, min: number): number {
  const n = Number(text);
  if (!Number.isInteger(n) || n < min)
    throw new Error(`expected --${name} to be an integer ≥ ${min}, found ${JSON.stringify(text)}`);
  return n;
}

/**
 * Start the colony and run until SIGTERM/SIGINT: then stop accepting, finish in-flight requests (their
 * writes commit), close the database and resolve 0. Bad arguments or a database that cannot open: 2.
 */
export async function runColony(argv: string[]): Promise<number> {
  let opts: ReturnType<typeof read>;
  try {
    opts = read(argv);
  } catch (error) {
    process.stderr.write(`keel-colony: ${(error as Error).message}\n${usage}\n`);
    return 2;
  }
  const log = jsonLogger(opts.logLevel);
  let store: SqliteStore;
  try {
    store = new SqliteStore(opts.db, opts.sync, {
      onBatch: (b) =>
        log("debug", "commit", {
          writes: b.writes,
          commit_ms: round(b.commitMs),
          sync_ms: round(b.persistMs),
          wait_ms: round(b.waitMs),
        }),
    });
  } catch (error) {
    process.stderr.write(`keel-colony: cannot open the database ${opts.db}: ${(error as Error).message}\n`);
    return 2;
  }
  const server = createColonyServer({ store, log, rateLimit: opts.rateLimit });
  server.keepAliveTimeout = 5000;
  const listening = new Promise<number>((resolve, reject) => {
    server.once("error", reject);
    server.listen(opts.port, opts.host, () => resolve((server.address() as AddressInfo).port));
  });
  let port: number;
  try {
    port = await listening;
  } catch (error) {
    process.stderr.write(
      `keel-colony: cannot listen on ${opts.host}:${opts.port}: ${(error as Error).message}\n`,
    );
    await store.close();
    return 2;
  }
  const url = `http://${opts.host.includes(":") ? `[${opts.host}]` : opts.host}:${port}`;
  process.stdout.write(`${url}\n`);
  log("info", "listening", { url, db: opts.db, pid: process.pid });
  const signal = await new Promise<string>((resolve) => {
    process.once("SIGTERM", () => resolve("SIGTERM"));
    process.once("SIGINT", () => resolve("SIGINT"));
  });
  log("info", "stopping", { signal });
  const closed = new Promise((resolve) => server.close(resolve));
  server.closeIdleConnections();
  const force = setTimeout(() => server.closeAllConnections(), 5000);
  await closed;
  clearTimeout(force);
  await store.close();
  log("info", "stopped", { signal });
  return 0;
}

function read(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: "string", default: "8080" },
      host: { type: "string", default: "127.0.0.1" },
      db: { type: "string", default: "colony.sqlite" },
      "rate-limit": { type: "string", default: String(defaultRateLimit.limit) },
      "rate-window": { type: "string", default: String(defaultRateLimit.windowSeconds) },
      "log-level": { type: "string", default: "info" },
      sync: { type: "string", default: "full" },
    },
    strict: true,
    allowPositionals: false,
  });
  const logLevel = values["log-level"];
  if (!levels.includes(logLevel))
    throw new Error(
      `expected --log-level to be one of ${levels.join(", ")}, found ${JSON.stringify(logLevel)}`,
    );
  const sync = values.sync;
  if (sync !== "full" && sync !== "normal")
    throw new Error(`expected --sync to be full or normal, found ${JSON.stringify(sync)}`);
  return {
    sync: sync as SyncMode,
    port: positiveInt("port", values.port, 0),
    host: values.host,
    db: values.db,
    rateLimit: {
      limit: positiveInt("rate-limit", values["rate-limit"], 1),
      windowSeconds: positiveInt("rate-window", values["rate-window"], 1),
    },
    logLevel: logLevel as LogLevel | "silent",
  };
}
