import type { ServedCall } from "../../channels/served/channel.js";
import { type Backing, forward } from "./backing.js";
import { type Answered, answerDocument, commandOf, type HostCall } from "./call.js";
import { envKept, namedFiles } from "./files.js";
import type { HostScenario } from "./scenarios.js";
import type { StageContext } from "./staging.js";
import { changedPaths } from "./workspace.js";

/** Stages or forwards one call, records it and answers the shim. */
export async function answer(
  call: ServedCall,
  scenario: HostScenario,
  ctx: StageContext,
  backing: Backing,
  shimDir: string,
): Promise<Omit<HostCall, "n">> {
  const { argv, cwd, env, stdin } = call.invocation;
  const recorded = {
    argv,
    cwd,
    env: envKept(env),
    stdin,
    files: namedFiles(argv, cwd),
    ...(commandOf(argv) === "protocol submit" ? { dirty: changedPaths(ctx.root) } : {}),
    at: Date.now(),
  };
  const staging = scenario.stage(argv, ctx);
  const backingCall = (words: string[]) => forward(backing, { argv: words, cwd, env, stdin }, shimDir);
  let answered: Answered;
  if (staging && "answer" in staging) answered = { ...staging.answer, staged: staging.label };
  else {
    for (const words of staging?.before ?? []) learn(ctx, await backingCall(words));
    const real = await backingCall(staging?.argv ?? [...argv]);
    learn(ctx, real);
    // an `after` may say itself what it changed (a label of its own)
    answered = staging?.after ? { staged: staging.label, ...staging.after(real) } : real;
    if (staging && !staging.after) answered.staged = staging.label;
  }
  const { staged: _, ...reply } = answered;
  call.reply(reply);
  return { ...recorded, answer: answered };
}

/** Keeps the Run's id, outstanding action and `next` from the backing's own answer. */
function learn(ctx: StageContext, real: Answered): void {
  const doc = answerDocument(real);
  if (!doc) return;
  if (typeof doc.run_id === "string") ctx.runId = doc.run_id;
  if ("next" in doc) ctx.next = doc.next;
  if (!("code" in doc)) {
    const action = doc.action as { action_id?: unknown; kind?: unknown } | null | undefined;
    ctx.action =
      action && typeof action.action_id === "string" && typeof action.kind === "string"
        ? { id: action.action_id, kind: action.kind }
        : undefined;
  }
}
