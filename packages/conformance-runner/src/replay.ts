import type { NotificationRules, Scenario } from "./exchange.js";
import { type Captures, type Mismatch, match } from "./matchers.js";
import type { Outcome, Session } from "./session.js";

export interface StepMismatch extends Mismatch {
  step: number;
}

export interface ReplayResult {
  name: string;
  status: "pass" | "fail" | "skip";
  reason?: string;
  mismatches: StepMismatch[];
}

/**
 * Replays a golden exchange over a session: sends in order without waiting (so requests can be in
 * flight together), and at each expect step waits for the named response and matches it and its
 * notifications. Captures bind across the whole scenario.
 */
export async function replay(
  session: Session,
  scenario: Scenario,
  capabilities: Set<string>,
): Promise<ReplayResult> {
  const missingCaps = (scenario.requires ?? []).filter((c) => !capabilities.has(c));
  if (missingCaps.length)
    return {
      name: scenario.name,
      status: "skip",
      reason: `capability ${missingCaps.join(", ")} not advertised`,
      mismatches: [],
    };
  const captures: Captures = new Map();
  const inFlight = new Map<string, Promise<Outcome>>();
  const mismatches: StepMismatch[] = [];
  const hardCap = Date.now() + (scenario.timeoutMs ?? 30_000);
  for (const [i, step] of scenario.steps.entries()) {
    const at = (m: Mismatch[]) => mismatches.push(...m.map((x) => ({ ...x, step: i })));
    if ("send" in step) inFlight.set(step.as, session.request(step.send.method, step.send.params));
    else if ("sendRaw" in step) session.sendRaw(step.sendRaw);
    else {
      const wait = Math.min(step.timeoutMs ?? Number.POSITIVE_INFINITY, hardCap - Date.now());
      const o = await within(inFlight.get(step.expect.response) as Promise<Outcome>, wait);
      if (!o?.response) {
        at([
          {
            pointer: "",
            expected: `a response to ${step.expect.response}`,
            actual: o?.missing ?? `nothing within ${wait} ms`,
          },
        ]);
        break;
      }
      if (step.expect.match !== undefined) at(match(step.expect.match, o.response, captures));
      if (step.expect.notifications)
        at(matchNotifications(step.expect.notifications, o.notifications, captures));
    }
  }
  return { name: scenario.name, status: mismatches.length ? "fail" : "pass", mismatches };
}

/** Set matching: each expected item takes a distinct notification; counts must agree. */
export function matchNotifications(
  rules: NotificationRules,
  actual: unknown[],
  captures: Captures,
): Mismatch[] {
  const out: Mismatch[] = [];
  if (rules.set) {
    if (rules.set.length !== actual.length)
      out.push({
        pointer: "/notifications",
        expected: `${rules.set.length} notifications`,
        actual: `${actual.length}`,
      });
    const free = new Set(actual.keys());
    for (const [i, expected] of rules.set.entries()) {
      const hit = [...free].find((j) => match(expected, actual[j], new Map(captures)).length === 0);
      if (hit === undefined) {
        out.push({
          pointer: `/notifications/set/${i}`,
          expected: JSON.stringify(expected),
          actual: "no matching notification",
        });
        continue;
      }
      free.delete(hit);
      match(expected, actual[hit], captures); // bind its captures for later steps
    }
  }
  if (rules.first !== undefined)
    out.push(...prefixed("/notifications/first", match(rules.first, actual[0], captures)));
  if (rules.last !== undefined)
    out.push(...prefixed("/notifications/last", match(rules.last, actual.at(-1), captures)));
  return out;
}

const prefixed = (p: string, ms: Mismatch[]) => ms.map((m) => ({ ...m, pointer: `${p}${m.pointer}` }));

function within<T>(p: Promise<T>, ms: number): Promise<T | undefined> {
  return new Promise((resolve) => {
    const t = setTimeout(() => resolve(undefined), Math.max(0, ms));
    p.then((v) => {
      clearTimeout(t);
      resolve(v);
    });
  });
}
