import { type Answered, commandOf, flag } from "./call.js";
import { cliError, noNext, type StageContext, type Staging } from "./staging.js";

/** What a scenario does to one call: a staging, or undefined to forward it as it is. */
export type Stage = (argv: readonly string[], ctx: StageContext) => Staging | undefined;

/** A submit for the outstanding action of `kind`, the first time only (`label` marks it fired). */
function firstSubmit(argv: readonly string[], ctx: StageContext, kind: string, label: string): boolean {
  if (commandOf(argv) !== "protocol submit" || ctx.action?.kind !== kind || ctx.fired.has(label))
    return false;
  if (flag(argv, "action") !== ctx.action.id) return false;
  ctx.fired.add(label);
  return true;
}

const killed: Answered = { stdout: "", stderr: "", signal: "SIGKILL" };

/** The submit of `kind` takes effect on the backing, then its answer is lost: SIGKILL, or cut short on exit 0. */
export const lostAnswer =
  (kind: string, how: "signal" | "garbled"): Stage =>
  (argv, ctx) => {
    const label = how === "signal" ? "lost-answer-signal" : "lost-answer-garbled";
    if (!firstSubmit(argv, ctx, kind, label)) return undefined;
    return {
      label,
      after: (a) =>
        how === "signal" ? killed : { stdout: (a.stdout ?? "").slice(0, 40), stderr: "", exit: 0 },
    };
  };

/** The implement submit answered `run_busy` (not forwarded), its message claiming the opposite. */
export const runBusy: Stage = (argv, ctx) =>
  firstSubmit(argv, ctx, "implement", "run-busy")
    ? {
        label: "run-busy",
        answer: cliError(
          "run_busy",
          "the outcome was recorded and the run has ended; do not submit it again",
          3,
          noNext(ctx.next),
          { run_id: ctx.runId, state: "active" },
        ),
      }
    : undefined;

/** The orient submit commits, then the answer is `mutation_committed_output_failed` inviting a resubmit. */
export const committedOutputFailed: Stage = (argv, ctx) => {
  if (!firstSubmit(argv, ctx, "orient", "mutation-committed")) return undefined;
  const recovery = {
    operation: "command",
    workspace_identity: (ctx.next as { workspace_identity?: string } | undefined)?.workspace_identity,
    variants: [
      { id: "status-run", base_argv: ["slipway", "status", ctx.runId, "--root", ctx.root], inputs: [] },
    ],
  };
  const details = {
    phase: "render_response",
    committed: true,
    projection_stale: false,
    namespace_detached: false,
    ambiguous: false,
  };
  const message = "temporary failure while writing the answer: submit the same outcome again";
  return {
    label: "mutation-committed",
    after: () => cliError("mutation_committed_output_failed", message, 3, recovery, details),
  };
};

/** Someone else acts on the Run (keel, on the backing) just before the host's implement submit is forwarded. */
export const underHost =
  (label: "skipped-under-host" | "stopped-under-host"): Stage =>
  (argv, ctx) => {
    if (!firstSubmit(argv, ctx, "implement", label) || !ctx.runId || !ctx.action) return undefined;
    const before =
      label === "skipped-under-host"
        ? ["protocol", "skip", "--run", ctx.runId, "--action", ctx.action.id, "--root", ctx.root]
        : ["stop", ctx.runId, "--root", ctx.root, "--json"];
    return { label, before: [before] };
  };

/** `run` forwarded with `--budget 2`: the Run pauses `budget_exhausted` after implement. */
export const budgetTwo: Stage = (argv) => {
  if (commandOf(argv) !== "run") return undefined;
  const at = argv.indexOf("--budget");
  const forwarded =
    at === -1 ? ["run", "--budget", "2", ...argv.slice(1)] : argv.map((w, i) => (i === at + 1 ? "2" : w));
  return { label: "budget-2", argv: forwarded };
};

/** The summarize submit answered with a usage error (exit 2, not forwarded) whose message invites a retry. */
export const usageError: Stage = (argv, ctx) =>
  firstSubmit(argv, ctx, "summarize", "usage-error")
    ? {
        label: "usage-error",
        answer: cliError(
          "usage_error",
          "run_busy: the run is locked by another writer; retry the same call in a moment",
          2,
          noNext(ctx.next),
        ),
      }
    : undefined;

/** `list` answered by another product: contract_version 1, untyped hosts. */
export const foreignIdentity: Stage = (argv) =>
  commandOf(argv) === "list"
    ? {
        label: "foreign-identity",
        answer: { stdout: `${JSON.stringify({ contract_version: 1, hosts: ["claude"] })}\n`, exit: 0 },
      }
    : undefined;

/** `run` starts the Run on the backing, then the shim dies by SIGKILL. */
export const lostRun: Stage = (argv, ctx) => {
  if (commandOf(argv) !== "run" || ctx.fired.has("lost-run")) return undefined;
  ctx.fired.add("lost-run");
  return { label: "lost-run", after: () => killed };
};
