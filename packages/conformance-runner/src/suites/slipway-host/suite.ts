import { ConformError } from "../../conform-error.js";
import { evidenceOf } from "../../evidence.js";
import { parseTarget, type Target } from "../../process/target.js";
import { Verdicts } from "../../verdicts.js";
import type { SuiteOptions, SuiteRun } from "../suite.js";
import { hostChecks } from "./checks.js";
import { judgeArgv } from "./judge-argv.js";
import { judgeDialect } from "./judge-dialect.js";
import { judgeCodes, judgeRetries, judgeState } from "./judge-flow.js";
import { type CheckOutcome, judgeOutcomes } from "./judge-outcomes.js";
import { judgeGoalFile, judgeIdentity } from "./judge-start.js";
import { hostScenarios } from "./scenarios.js";
import { runScenario, type ScenarioLog } from "./session.js";
import type { Judgement } from "./view.js";

/** Calls one scenario accepts before the host is judged looping. */
export const MAX_CALLS = 60;
/** Scenarios run at once (each is a host, its shims and the backing slipway's processes). */
export const SCENARIOS_AT_ONCE = 3;

/** Every obligation check over one scenario's log. */
export function judge(log: ScenarioLog, v: Verdicts, checkOutcome: CheckOutcome): void {
  const single: [string, (l: ScenarioLog) => Judgement][] = [
    ["identity-first", judgeIdentity],
    ["goal-file", judgeGoalFile],
    ["argv-from-variants", (l) => judgeArgv(l, v)],
    ["retry-identical", (l) => judgeRetries(l, v)],
    ["branch-on-code", judgeCodes],
  ];
  for (const [name, judgement] of single) {
    const problem = judgement(log);
    if (problem !== null) v.expect(`slipway-host/${name}`, problem);
  }
  judgeOutcomes(log, v, checkOutcome);
  judgeState(log, v);
  judgeDialect(log, v);
}

/** The host suite: the host runs once per staged scenario, each in a fresh workspace, and is judged by its calls. */
export async function runHostSuite(target: Target, options: SuiteOptions): Promise<SuiteRun> {
  const { backing: given, "scenario-timeout": scenarioMs, scenarios: names } = options.own;
  if (typeof given !== "string")
    throw new ConformError(
      "conform/no-backing",
      "expected --backing naming the slipway keel forwards the host's calls to, found none",
    );
  const backingTarget = parseTarget(given);
  if (backingTarget.kind !== "argv")
    throw new ConformError(
      "conform/bad-backing",
      `expected --backing to be a command without shell syntax, found ${given}`,
    );
  const backing = { argv: backingTarget.argv, callMs: Math.max(options.timeouts.capMs, 10_000) };
  const progress = options.onProgress;
  const v = new Verdicts(
    hostChecks,
    progress && ((name, decided, total) => progress(`${decided}/${total} checks decided · ${name}`)),
  );
  const only = Array.isArray(names) ? (names as readonly string[]) : undefined;
  const unknown = only?.filter((n) => !hostScenarios.some((s) => s.name === n)) ?? [];
  if (unknown.length)
    throw new ConformError(
      "conform/bad-option",
      `expected --scenarios among ${hostScenarios.map((s) => s.name).join(", ")}, found ${unknown.join(", ")}`,
    );
  const chosen = hostScenarios.filter((s) => !only || only.includes(s.name));
  const limits = { scenarioMs: Number(scenarioMs ?? 60_000), maxCalls: MAX_CALLS, graceMs: 400 };
  const cwd = options.cwd ?? process.cwd();
  // scenarios are independent (a workspace, a shim and a host each): a few at once overlap their waits
  const logs: ScenarioLog[] = new Array(chosen.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < chosen.length; i = next++) {
      const scenario = chosen[i] as (typeof chosen)[number];
      progress?.(`scenario ${scenario.name}`);
      logs[i] = await runScenario(scenario, target, backing, limits, cwd);
    }
  };
  await Promise.all(Array.from({ length: Math.min(SCENARIOS_AT_ONCE, options.concurrency) }, worker));
  // loaded here, not at import: every `keel conform` imports the suite registry
  const { checkOutcome } = await import("@keel/slipway");
  const stderr: string[] = [];
  for (const log of logs) {
    if (log.spawnError)
      return {
        checks: [],
        couldNotStart: `the host could not be started: ${log.spawnError}`,
        stderr: log.stderr,
        capabilities: [],
      };
    if (log.stderr) stderr.push(`--- scenario ${log.scenario.name}\n${log.stderr}`);
    v.witness = () => evidenceOf("served", hostTraffic(log));
    judge(log, v, checkOutcome);
  }
  return { checks: v.list(), stderr: stderr.join(""), capabilities: [] };
}

/** A scenario as evidence: each call the host made (in) and keel's answer (out), then the host's own exit. */
function hostTraffic(log: ScenarioLog) {
  const calls = log.calls.flatMap((c) => [
    { direction: "in" as const, at: c.at, data: { argv: c.argv, cwd: c.cwd, stdin: c.stdin } },
    { direction: "out" as const, at: c.at, data: c.answer },
  ]);
  const end = {
    exit: log.exit?.code ?? null,
    signal: log.exit?.signal ?? null,
    stdout: log.stdout,
    stderr: log.stderr,
  };
  return [...calls, { direction: "in" as const, at: calls.at(-1)?.at ?? 0, data: { host: end } }];
}
