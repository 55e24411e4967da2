import { finding, show } from "@keel/diagnostics";
import type { Run } from "./context.js";
import { patternFits, typeFits, valueFits } from "./fits.js";
import type { PlanNode } from "./types.js";

/** A JSON type the older version does not allow cannot be downgraded: report it, leave the value. */
export function checkType(run: Run, value: unknown, here: PlanNode[], at: string): boolean {
  const misfit = here.find((n) => !typeFits(value, n));
  if (misfit === undefined) return true;
  const allowed = (misfit.types ?? []).join(" | ");
  run.problems.push(
    finding("downgrade/wrong-type", { value: show(value), version: run.plan.to, allowed }, { pointer: at }),
  );
  return false;
}

/** A constant, enum value or pattern the older version does not admit: reported once, left as it is. */
export function checkValue(run: Run, value: unknown, here: PlanNode[], at: string): void {
  for (const n of here) {
    let allowed: string | undefined;
    if (!valueFits(value, n)) allowed = (n.values ?? []).map((x) => show(x)).join(", ");
    else if (!patternFits(value, n)) allowed = `strings matching ${n.pattern}`;
    if (allowed === undefined) continue;
    run.problems.push(
      finding(
        "downgrade/unknown-value",
        { value: show(value), version: run.plan.to, allowed },
        { pointer: at },
      ),
    );
    return;
  }
}
