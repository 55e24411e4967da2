import { createInterface } from "node:readline";
import { TranscriptSchema } from "@keel/mira/zod";
import { cancelled, errorCode, invalidParams, methodNotFound, RpcFailure } from "./errors.js";
import { executeResult, initialize, list, listSamples, resolveCase, runResult } from "./handlers.js";

type Params = Record<string, unknown>;
type Write = (message: unknown) => void;

interface InFlight {
  timer: NodeJS.Timeout;
  reject: (e: unknown) => void;
}

/**
 * The study's stdio loop. Requests are handled concurrently; run/execute/score take a few simulated
 * milliseconds (so several are in flight and `cancel` has something to abort), emitting events meanwhile.
 */
export function serve(
  input: NodeJS.ReadableStream = process.stdin,
  write: Write = stdoutWriter(),
): Promise<void> {
  const inFlight = new Map<number, InFlight>();
  const rl = createInterface({ input, crlfDelay: Number.POSITIVE_INFINITY });
  rl.on("line", (line) => {
    if (line.trim() === "") return;
    let msg: Params;
    try {
      msg = JSON.parse(line) as Params;
      if (typeof msg !== "object" || msg === null || Array.isArray(msg)) throw new Error("not an object");
    } catch (e) {
      write({
        method: "log",
        params: { message: `malformed line skipped: ${(e as Error).message}`, request_id: 0 },
      });
      return;
    }
    if (typeof msg.method !== "string" || typeof msg.id !== "number") return; // notifications, stray responses
    const id = msg.id;
    const params = (msg.params ?? {}) as Params;
    handle(msg.method, id, params, inFlight, write).then(
      (result) => write({ id, result }),
      (e: unknown) => write({ id, error: toError(e) }),
    );
  });
  return new Promise((resolve) =>
    rl.on("close", () => {
      for (const f of inFlight.values()) clearTimeout(f.timer);
      resolve();
    }),
  );
}

async function handle(method: string, id: number, p: Params, inFlight: Map<number, InFlight>, write: Write) {
  switch (method) {
    case "initialize":
      return initialize();
    case "list":
      return list();
    case "list_samples":
      return listSamples(p);
    case "cancel": {
      const f = inFlight.get(Number(p.id));
      if (f) f.reject(cancelled());
      return { cancelled: f !== undefined };
    }
    case "run":
    case "execute":
    case "score": {
      const c = resolveCase(p);
      // a transcript to score must be one: a malformed one is the caller's mistake, not a zero score
      if (method === "score" && !TranscriptSchema.safeParse(p.transcript).success)
        throw invalidParams("score: the transcript is not a valid Transcript");
      const event = (kind: string, extra: Params = {}) =>
        write({
          method: "event",
          params: {
            request_id: id,
            eval: c.eval.name,
            sample: c.sample.id,
            target: c.target,
            params: c.params,
            kind,
            ...extra,
          },
        });
      if (method !== "score") event("started");
      await work(id, inFlight, 2);
      if (method === "execute") {
        event("turn", { turn: 0 });
        event("finished");
        return executeResult(p, c);
      }
      if (method === "score")
        return runResult(p, c, String((p.transcript as Params | undefined)?.final_response ?? ""));
      event("turn", { turn: 0 });
      event("finished");
      return runResult(p, c);
    }
    default:
      throw methodNotFound(method);
  }
}

function work(id: number, inFlight: Map<number, InFlight>, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      inFlight.delete(id);
      resolve();
    }, ms);
    inFlight.set(id, {
      timer,
      reject: (e) => {
        clearTimeout(timer);
        inFlight.delete(id);
        reject(e);
      },
    });
  });
}

function toError(e: unknown) {
  if (e instanceof RpcFailure) return { code: e.code, message: e.message, retryable: e.retryable };
  return { code: errorCode("internal error"), message: (e as Error).message ?? String(e), retryable: false };
}

function stdoutWriter(): Write {
  return (message) => process.stdout.write(`${JSON.stringify(message)}\n`);
}
