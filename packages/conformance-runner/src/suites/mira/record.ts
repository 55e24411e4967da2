import { registryEntry } from "@keel/mira";
import type { Outcome } from "../../channels/rpc-stdio/session.js";
import { ConformError } from "../../conform-error.js";
import { generalize } from "../../exchange/generalize.js";
import { FORMAT, type Scenario, type Step } from "../../exchange/types.js";
import type { Target } from "../../process/target.js";
import type { SuiteOptions } from "../suite.js";
import { schemaDefaults } from "./defaults.js";
import { type ListedEval, type PlannedCase, planCases } from "./plan.js";
import { CORRELATION, openStudy } from "./study.js";

type Obj = Record<string, unknown>;

/**
 * Records golden exchanges from a study: initialize, list, one run per eval (its first case) and an
 * unknown method, each its own scenario (recorded-<name>) that starts with initialize, with volatile
 * values replaced by matchers.
 */
export async function recordMira(target: Target, options: SuiteOptions): Promise<Scenario[]> {
  const { channel, session } = openStudy(target, options);
  const scenarios: Scenario[] = [];
  try {
    const initParams = { protocol_version: registryEntry.version, host: "keel-record" };
    const init = await must(session.request("initialize", initParams), channel.startFailure.bind(channel));
    const start = exchange("init", "initialize", initParams, init);
    const list = await must(session.request("list"));
    const study = (init.response?.result as Obj | undefined)?.study;
    const scenario = (name: string, parts: Step[][]): Scenario => ({
      format: FORMAT,
      protocol: "mira",
      name: `recorded-${name}`,
      description: "recorded by keel record; volatile values replaced by matchers",
      ...(typeof study === "string" ? { implementation: study } : {}),
      steps: parts.flat(),
    });
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
    await channel.kill();
  }
  return scenarios;
}

async function must(p: Promise<Outcome>, startFailure?: () => string | undefined): Promise<Outcome> {
  const o = await p;
  if (o.response) return o;
  const notStarted = startFailure?.();
  if (notStarted) throw new ConformError("conform/could-not-start", notStarted);
  throw new ConformError("conform/could-not-record", `expected a response to ${o.method}, ${o.missing}`);
}

function exchange(label: string, method: string, params: unknown, o: Outcome): Step[] {
  const capture = `${label}Id`;
  const notifications = o.notifications.map((n) =>
    generalize(n, { as: capture, correlation: CORRELATION }, "", 0, schemaDefaults),
  );
  const kinds = o.notifications.map((n) => (n.params as Obj | undefined)?.kind);
  const rules = {
    set: notifications,
    ...(kinds[0] === "started" ? { first: { params: { kind: "started" } } } : {}),
    ...(kinds.at(-1) === "finished" ? { last: { params: { kind: "finished" } } } : {}),
  };
  return [
    { send: { method, ...(params === undefined ? {} : { params }) }, as: label },
    {
      expect: {
        response: label,
        match: generalize(o.response, { as: capture, correlation: CORRELATION }, "", 0, schemaDefaults),
        notifications: rules,
      },
    },
  ];
}
