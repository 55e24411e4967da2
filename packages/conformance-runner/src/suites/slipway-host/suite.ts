import { ConformError } from "../../conform-error.js";
import { parseTarget, type Target } from "../../process/target.js";
import { Verdicts } from "../../verdicts.js";
import type { SuiteOptions, SuiteRun } from "../suite.js";
import { hostChecks } from "./checks.js";
import { judgeArgv } from "./judge-argv.js";
import { judgeCodes, judgeRetries, judgeState } from "./judge-flow.js";
import { judgeOutcomes } from "./judge-outcomes.js";
import { judgeGoalFile, judgeIdentity } from "./judge-start.js";
import { hostScenarios } from "./scenarios.js";
import { runScenario, type ScenarioLog } from "./session.js";
import type { Judgement } from "./view.js";

/** Calls one scenario accepts before the host is judged looping. */
export const MAX_CALLS = 60;

/** Every obligation check over one scenario's log. */
export function judge(log: ScenarioLog, v: Verdicts): void {
  const single: [string, (l: ScenarioLog) => Judgement][] = [
    ["identity-first", judgeIdentity],
    ["goal-file", judgeGoalFile],
    ["argv-from-variants", judgeArgv],
    ["retry-identical", judgeRetries],
    ["branch-on-code", judgeCodes],
  ];
  for (const [name, judgement] of single) {
    const problem = judgement(log);
    if (problem !== null) v.expect(`slipway-host/${name}`, problem);
  }
  judgeOutcomes(log, v);
  judgeState(log, v);
}

/** The host suite: the host runs once per staged scenario, each in a fresh workspace, and is judged by its calls. */
export async function runHostSuite(target: Target, options: SuiteOptions): Promise<SuiteRun> {
  if (!options.backing)
    throw new ConformError(
      "conform/no-backing",
      "expected --backing naming the slipway keel forwards the host's calls to, found none",
    );
  const backingTarget = parseTarget(options.backing);
  if (backingTarget.kind !== "argv")
    throw new ConformError(
      "conform/bad-backing",
      `expected --backing to be a command without shell syntax, found ${options.backing}`,
    );
  const backing = { argv: backingTarget.argv, callMs: Math.max(options.timeouts.capMs, 10_000) };
  const progress = options.onProgress;
  const v = new Verdicts(
    hostChecks,
    progress && ((name, decided, total) => progress(`${decided}/${total} checks decided · ${name}`)),
  );
  const only = options.scenarios;
  const stderr: string[] = [];
  for (const scenario of hostScenarios.filter((s) => !only || only.includes(s.name))) {
    progress?.(`scenario ${scenario.name}`);
    const log = await runScenario(
      scenario,
      target,
      backing,
      {
        scenarioMs: options.scenarioMs ?? 60_000,
        maxCalls: MAX_CALLS,
        graceMs: 400,
      },
      options.cwd ?? process.cwd(),
    );
    if (log.spawnError)
      return {
        checks: [],
        couldNotStart: `the host could not be started: ${log.spawnError}`,
        stderr: log.stderr,
        capabilities: [],
      };
    if (log.stderr) stderr.push(`--- scenario ${scenario.name}\n${log.stderr}`);
    judge(log, v);
  }
  return { checks: v.list(), stderr: stderr.join(""), capabilities: [] };
}
