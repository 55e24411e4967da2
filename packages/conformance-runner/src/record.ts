import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { registryEntry } from "@keel/mira";
import { ConformError } from "./conform.js";
import type { Scenario, Step } from "./exchange.js";
import { generalize } from "./generalize.js";
import { type ListedEval, type PlannedCase, planCases } from "./mira/plan.js";
import { type Outcome, Session } from "./session.js";
import { StdioNdjsonTransport } from "./transports/stdio-ndjson.js";

export interface RecordOptions {
  protocol: string;
  target: string;
  out: string;
  cwd?: string;
  timeouts?: { idleMs: number; capMs: number };
}

type Obj = Record<string, unknown>;

/**
 * Records golden exchanges from an implementation: initialize, list, one run per eval (its first
 * case) and an unknown method, each written as its own scenario (recorded-<name>.json) that starts
 * with initialize, with volatile values replaced by matchers. Returns the files written.
 */
export async function record(options: RecordOptions): Promise<string[]> {
  if (options.protocol !== "mira")
    throw new ConformError(
      "conform/no-suite",
      `expected a protocol keel can record (mira), found ${options.protocol}`,
    );
  const transport = new StdioNdjsonTransport({
    command: options.target,
    ...(options.cwd ? { cwd: options.cwd } : {}),
  });
  const session = new Session(transport, options.timeouts ?? { idleMs: 5000, capMs: 30_000 });
  const scenarios: Scenario[] = [];
  try {
    const initParams = { protocol_version: registryEntry.version, host: "keel-record" };
    const init = await must(session.request("initialize", initParams));
    const start = exchange("init", "initialize", initParams, init);
    const list = await must(session.request("list"));
    scenarios.push(scenario("list", [start, exchange("list", "list", undefined, list)]));
    const evals = ((list.response?.result as Obj | undefined)?.evals ?? []) as ListedEval[];
    for (const e of evals) {
      const c: PlannedCase | undefined = planCases([{ ...e, trials: 1 }], 1)[0];
      if (!c) continue;
      const run = await must(session.request("run", c));
      scenarios.push(scenario(`run-${e.name}`, [start, exchange("run", "run", c, run)]));
    }
    const unknown = await must(session.request("keel_no_such_method", {}));
    scenarios.push(scenario("unknown-method", [start, exchange("call", "keel_no_such_method", {}, unknown)]));
  } finally {
    session.close();
    await transport.kill();
  }
  mkdirSync(options.out, { recursive: true });
  return scenarios.map((s) => {
    const file = join(options.out, `${s.name}.json`);
    writeFileSync(file, `${JSON.stringify(s, null, 2)}\n`);
    return file;
  });
}

async function must(p: Promise<Outcome>): Promise<Outcome> {
  const o = await p;
  if (!o.response)
    throw new ConformError("conform/could-not-record", `expected a response to ${o.method}, ${o.missing}`);
  return o;
}

function exchange(label: string, method: string, params: unknown, o: Outcome): Step[] {
  const capture = `${label}Id`;
  const notifications = o.notifications.map((n) => generalize(n, capture));
  const kinds = o.notifications.map((n) => (n.params as Obj | undefined)?.kind);
  const rules = {
    set: notifications,
    ...(kinds[0] === "started" ? { first: { params: { kind: "started" } } } : {}),
    ...(kinds.at(-1) === "finished" ? { last: { params: { kind: "finished" } } } : {}),
  };
  return [
    { send: { method, ...(params === undefined ? {} : { params }) }, as: label },
    { expect: { response: label, match: generalize(o.response, capture), notifications: rules } },
  ];
}

const scenario = (name: string, parts: Step[][]): Scenario => ({
  protocol: "mira",
  name: `recorded-${name}`,
  description: "recorded by keel record; volatile values replaced by matchers",
  steps: parts.flat(),
});
