// A minimal, correct Mira study that every fake starts from; each fake overrides one hook to break
// exactly one rule. Plain Node, no dependencies, so a fake is a single readable file.
import { createInterface } from "node:readline";

const samples = ["s0", "s1", "s2", "s3", "s4"].map((id) => ({ id, tags: [] }));
const errors = { notFound: -32601, invalid: -32602, internal: -32603 };

const fail = (code, message) => ({ rpc: { code, message, retryable: false } });

function resolve(p) {
  if (p.eval !== "e") throw fail(errors.invalid, `no such eval: ${p.eval}`);
  if (!samples.some((s) => s.id === p.sample)) throw fail(errors.invalid, `no such sample: ${p.sample}`);
  if (p.target !== "sim") throw fail(errors.invalid, `no such target: ${p.target}`);
}

export const base = {
  initialize: () => ({
    protocol_version: "1.1",
    study: "fake",
    evals: 1,
    capabilities: ["events", "paginate", "cancel", "trials"],
  }),
  list: () => ({
    evals: [
      {
        name: "e",
        samples: samples.slice(0, 2),
        next_cursor: "2",
        scorers: ["ok"],
        targets: [{ label: "sim", available: true }],
        trials: 2,
        seed: 7,
      },
    ],
  }),
  list_samples: (p) => {
    const at = Number(p.cursor);
    const next = at + 2;
    return {
      samples: samples.slice(at, next),
      ...(next < samples.length ? { next_cursor: String(next) } : {}),
    };
  },
  run: (p) => {
    resolve(p);
    const { eval: e, sample, target, params = {}, trial, trials, seed } = p;
    return {
      eval: e,
      sample,
      target,
      params,
      trial,
      trials,
      seed,
      passed: true,
      aggregate: 1,
      scores: [{ scorer: "ok", value: 1, pass: true, reason: "fine" }],
      transcript: {
        final_response: "ok",
        iterations: 1,
        tool_calls_count: 0,
        usage: { input_tokens: 1, output_tokens: 1, cost_usd: 0 },
      },
    };
  },
  cancel: () => ({ cancelled: false }),
};

/** Starts the study. `hooks` may replace handlers and the points where a fake misbehaves. */
export function start(hooks = {}) {
  const handlers = { ...base, ...hooks.handlers };
  const write = (m) => process.stdout.write(`${JSON.stringify(m)}\n`);
  const out = hooks.out ?? ((m, w) => w(m));
  const events = hooks.events ?? (() => ["started", "turn", "finished"]);
  const rl = createInterface({ input: process.stdin });
  rl.on("line", (line) => {
    let msg;
    try {
      msg = JSON.parse(line);
    } catch {
      if (hooks.onBadLine) return hooks.onBadLine(line);
      return write({ method: "log", params: { message: "malformed line", request_id: 0 } });
    }
    if (msg === null || typeof msg !== "object" || Array.isArray(msg)) {
      if (hooks.onNonObject) return hooks.onNonObject(line);
      return write({ method: "log", params: { message: "not a JSON object", request_id: 0 } });
    }
    if (msg.id === undefined) return hooks.onNotification?.(msg);
    const handler = handlers[msg.method];
    if (!handler)
      return out(
        { id: msg.id, error: { code: errors.notFound, message: `no method ${msg.method}` } },
        write,
        msg,
      );
    answer(handler, msg).catch((e) => {
      throw e;
    });
  });
  const answer = async (handler, msg) => {
    try {
      // a handler may take its time (a Promise): a slow study, answering when done
      const result = await handler(msg.params ?? {}, msg);
      if (result === undefined) return; // the fake chose not to answer
      if (msg.method === "run")
        for (const kind of events(msg))
          write({
            method: "event",
            params: {
              request_id: msg.id,
              eval: msg.params.eval,
              sample: msg.params.sample,
              target: msg.params.target,
              kind,
            },
          });
      out({ id: msg.id, result }, write, msg);
    } catch (e) {
      if (!e.rpc) throw e;
      out({ id: msg.id, error: e.rpc }, write, msg);
    }
  };
  rl.on("close", () => (hooks.onEof ? hooks.onEof() : process.exit(0)));
}
