import { type Clock, systemClock, within } from "../clock.js";
import type { Answer, Call, ExchangeDriver } from "../traffic.js";
import { type CheckResult, TIMEOUT } from "../verdicts.js";
import { substitute } from "./captures.js";
import type { Captures, MatchContext, Mismatch } from "./matchers.js";
import { matchNotifications } from "./notifications.js";
import type { Scenario, Step } from "./types.js";
import { matchAnswer, pending, trafficTail } from "./verdict.js";

export interface StepMismatch extends Mismatch {
  step: number;
}

export interface ReplayOptions {
  /** capabilities the implementation advertised, for `requires` */
  capabilities: ReadonlySet<string>;
  /** the implementation under test as it names itself (Mira: initialize's `study`), when known */
  implementation?: string;
  /** whether an answer of this document type (or the protocol's) is read strictly (strictness.ts) */
  strict: (documentType?: string) => boolean;
  /** where the scenario came from, cited in reports */
  file: string;
  clock?: Clock;
}

interface Run {
  captures: Captures;
  inFlight: Map<string, Promise<Answer>>;
  calls: Map<string, Call>;
  mismatches: StepMismatch[];
  hardCap: number;
  /** keel stopped waiting (a channel's --timeout or the scenario's timeoutMs): why, and which bound */
  unanswered?: { reason: string; by: string };
}

/**
 * Replays a golden exchange over a driver: sends go out without waiting (several can be in flight),
 * expect waits for its labelled answer, await for the implementation's next call, answer replies to
 * it. Captures bind across the whole scenario and feed later sends through `$use`. The result is a
 * check named `exchange/<name>`, its mismatches the detail; `pending` turns it into an expected failure.
 */
export async function replay(
  driver: ExchangeDriver,
  scenario: Scenario,
  options: ReplayOptions,
): Promise<CheckResult> {
  const name = `exchange/${scenario.name}`;
  const summary = scenario.description ?? "golden exchange";
  // a golden exchange is the user's own recorded expectation, not a sentence of the protocol
  const base = {
    name,
    code: name,
    summary,
    meaning: summary,
    requirements: ["keel-reading"],
    cites: options.file,
  };
  const own = scenario.implementation;
  if (own !== undefined && own !== options.implementation)
    return {
      ...base,
      status: "skip",
      reason: `recorded from ${own}, replayed only against it (the target is ${options.implementation ?? "unnamed"})`,
      mismatches: [],
    };
  const missingCaps = (scenario.requires ?? []).filter((c) => !options.capabilities.has(c));
  if (missingCaps.length)
    return {
      ...base,
      status: "skip",
      reason: `capability ${missingCaps.join(", ")} not advertised`,
      mismatches: [],
    };
  const clock = options.clock ?? systemClock;
  const run: Run = {
    captures: new Map(),
    inFlight: new Map(),
    calls: new Map(),
    mismatches: [],
    hardCap: clock.now() + (scenario.timeoutMs ?? 30_000),
  };
  for (const [i, step] of scenario.steps.entries())
    if (!(await stepOnce(driver, step, i, run, options, clock))) break;
  const failed = run.mismatches.length > 0;
  const gaveUp = run.unanswered;
  const result: CheckResult = {
    ...base,
    status: failed ? "fail" : gaveUp ? "blocked" : "pass",
    ...(failed ? { reason: `the golden exchange differs (${run.mismatches.length} mismatches)` } : {}),
    // a wait keel gave up on is not the implementation's answer: the exchange is not judged on it
    ...(!failed && gaveUp ? { reason: gaveUp.reason, blockedBy: gaveUp.by } : {}),
    mismatches: run.mismatches,
  };
  if ((failed || gaveUp) && driver.traffic) result.traffic = trafficTail(driver.traffic);
  return scenario.pending === undefined ? result : pending(result, scenario.pending);
}

/** One step; false when the scenario cannot go on (no answer came). */
async function stepOnce(
  driver: ExchangeDriver,
  step: Step,
  i: number,
  run: Run,
  options: ReplayOptions,
  clock: Clock,
): Promise<boolean> {
  const at = (m: Mismatch[]) => run.mismatches.push(...m.map((x) => ({ ...x, step: i })));
  const ctx = (type?: string): MatchContext => ({ captures: run.captures, strict: options.strict(type) });
  const wait = (ms?: number) => Math.min(ms ?? Number.POSITIVE_INFINITY, run.hardCap - clock.now());
  const gaveUp = (what: string, ms: number, channel?: string) => {
    run.unanswered = channel
      ? { reason: `step ${i}: ${what}: ${channel} (raise --timeout)`, by: TIMEOUT }
      : {
          reason: `step ${i}: ${what}: nothing within ${ms} ms (the golden exchange's timeoutMs)`,
          by: "timeoutMs",
        };
    return false;
  };
  const unbound = (names: string[]) => {
    at(
      names.map((n) => ({
        pointer: "",
        expected: `a value captured as ${n}`,
        actual: "nothing captured yet",
      })),
    );
    return names.length === 0;
  };
  if ("send" in step) {
    const { value, unbound: names } = substitute(step.send, run.captures);
    if (!unbound(names) || !driver.send) return false;
    run.inFlight.set(step.as ?? `#${i}`, driver.send(value));
  } else if ("sendRaw" in step) driver.sendRaw?.(step.sendRaw);
  else if ("expect" in step) {
    const ms = wait(step.timeoutMs);
    const answer = await within(run.inFlight.get(step.expect.response) as Promise<Answer>, ms, clock);
    if (answer === undefined) return gaveUp(`a response to ${step.expect.response}`, ms);
    if (answer.value === undefined) {
      if (answer.timedOut) return gaveUp(`a response to ${step.expect.response}`, ms, answer.missing);
      const actual = answer.missing ?? "no answer";
      at([{ pointer: "", expected: `a response to ${step.expect.response}`, actual }]);
      return false;
    }
    const c = ctx(step.expect.type);
    if (step.expect.match !== undefined) at(matchAnswer(driver, step.expect.match, answer.value, c));
    if (step.expect.notifications)
      at(matchNotifications(step.expect.notifications, answer.notifications ?? [], c));
  } else if ("await" in step) {
    const ms = wait(step.timeoutMs);
    const call = driver.await ? await driver.await(ms) : undefined;
    if (!call) return gaveUp(`a call from the implementation (${step.as})`, ms);
    run.calls.set(step.as, call);
    if (step.await.match !== undefined)
      at(matchAnswer(driver, step.await.match, call.value, ctx(step.await.type)));
  } else {
    const { value, unbound: names } = substitute(step.answer.with, run.captures);
    if (!unbound(names)) return false;
    run.calls.get(step.answer.to)?.reply(value);
  }
  return true;
}
