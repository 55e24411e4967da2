import { type MatchContext, type Mismatch, match } from "./matchers.js";
import type { NotificationRules } from "./types.js";

/** Set matching: each expected item takes a distinct notification; counts must agree; first/last apart. */
export function matchNotifications(
  rules: NotificationRules,
  actual: unknown[],
  ctx: MatchContext,
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
      const hit = [...free].find(
        (j) => match(expected, actual[j], { ...ctx, captures: new Map(ctx.captures) }).length === 0,
      );
      if (hit === undefined) {
        out.push({
          pointer: `/notifications/set/${i}`,
          expected: JSON.stringify(expected),
          actual: "no matching notification",
        });
        continue;
      }
      free.delete(hit);
      match(expected, actual[hit], ctx); // bind its captures for later steps
    }
  }
  if (rules.first !== undefined)
    out.push(...prefixed("/notifications/first", match(rules.first, actual[0], ctx)));
  if (rules.last !== undefined)
    out.push(...prefixed("/notifications/last", match(rules.last, actual.at(-1), ctx)));
  return out;
}

const prefixed = (p: string, ms: Mismatch[]) => ms.map((m) => ({ ...m, pointer: `${p}${m.pointer}` }));
