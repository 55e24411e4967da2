import { join } from "node:path";
import { json, type Obj, obj } from "../kit/values.js";
import { type Called, type Context, call } from "./caller.js";
import { submitArgv } from "./follow.js";
import { outcome, TUTORIAL_LINE, text } from "./outcomes.js";
import { README } from "./workspace.js";

/** What an accepted submit left behind, for the probes that follow it. */
export interface Submitted {
  argv: string[];
  file: string;
  body: string;
  actionId: string;
  kind: string;
  answer: Called;
}

export interface Driven {
  /** the last protocol state reached */
  state: Obj | undefined;
  kinds: string[];
  /** why following next stopped before the Run ended */
  problem?: string;
}

/**
 * Follows `next` only, as a host does: for each action an outcome through the variant with the
 * outcome-file input (the implement step first appends the tutorial line to README.md), until the Run
 * is no longer active. `after` runs once each submit was accepted.
 */
export async function followNext(
  ctx: Context,
  start: Obj | undefined,
  after: (done: Submitted) => Promise<void> = async () => {},
): Promise<Driven> {
  const { w } = ctx;
  let state = start;
  const kinds: string[] = [];
  for (let step = 2; state?.state === "active" && step < 12; step++) {
    const action = obj(state.action);
    const id = String(action?.action_id ?? "");
    const kind = String(action?.kind ?? "");
    const file = join(w.session, `${String(step).padStart(2, "0")}-${kind}-outcome.json`);
    const argv = submitArgv(state, file);
    if (!argv)
      return {
        state,
        kinds,
        problem: `the ${kind} action's next offers no outcome-file variant: ${json(state.next)}`,
      };
    const body = text(outcome(id, kind, w.ws));
    const files: Record<string, string> = { [file]: body };
    if (kind === "implement") files[join(w.ws, "README.md")] = README + TUTORIAL_LINE;
    const answer = await call(ctx, argv, { files, current: id });
    if (answer.exit !== 0 || !answer.doc)
      return {
        state,
        kinds,
        problem: `submitting the ${kind} outcome through next failed (exit ${answer.exit}): ${json(answer.error ?? answer.r.stdout)}`,
      };
    kinds.push(kind);
    await after({ argv, file, body, actionId: id, kind, answer });
    state = answer.doc;
  }
  return { state, kinds };
}
