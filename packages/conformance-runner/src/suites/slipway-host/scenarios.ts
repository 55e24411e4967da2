import { commandOf, flag } from "./call.js";
import { cliError, noNext, type StageContext, type Staging } from "./staging.js";

/** One staged situation the host is run through, in a fresh workspace of its own. */
export interface HostScenario {
  name: string;
  summary: string;
  /** the workspace folder's name (a space in it tests argv handling) */
  folder: string;
  /** an obeying host drives the Run to `ended` in this scenario */
  expectEnd: boolean;
  /** keel's staging for a call, or undefined to forward it as it is */
  stage(argv: readonly string[], ctx: StageContext): Staging | undefined;
}

/** A submit for the outstanding action of `kind`, the first time only (`label` marks it fired). */
function firstSubmit(argv: readonly string[], ctx: StageContext, kind: string, label: string): boolean {
  if (commandOf(argv) !== "protocol submit" || ctx.action?.kind !== kind || ctx.fired.has(label))
    return false;
  if (flag(argv, "action") !== ctx.action.id) return false;
  ctx.fired.add(label);
  return true;
}

const lost =
  (label: string, kind: string, how: "signal" | "garbled") => (argv: readonly string[], ctx: StageContext) =>
    firstSubmit(argv, ctx, kind, label)
      ? {
          label,
          after: (a: { stdout?: string }) =>
            how === "signal"
              ? { stdout: "", stderr: "", signal: "SIGKILL" as const }
              : { stdout: (a.stdout ?? "").slice(0, 40), stderr: "", exit: 0 },
        }
      : undefined;

const none = () => undefined;

/** Every scenario of the host suite, in the order they run. Review is enabled in every Run (keel drops `--no-review`). */
export const hostScenarios: readonly HostScenario[] = [
  {
    name: "plain",
    summary: "the tutorial goal with review enabled: orient → implement → review → summarize → ended",
    folder: "workspace",
    expectEnd: true,
    stage: none,
  },
  {
    name: "space-in-path",
    summary: "the workspace path contains a space",
    folder: "work space",
    expectEnd: true,
    stage: none,
  },
  {
    name: "lost-answers",
    summary:
      "the orient submit commits but the shim dies by SIGKILL; the implement submit commits but its answer is cut short (exit 0)",
    folder: "workspace",
    expectEnd: true,
    stage: (argv, ctx) =>
      lost("lost-answer-signal", "orient", "signal")(argv, ctx) ??
      lost("lost-answer-garbled", "implement", "garbled")(argv, ctx),
  },
  {
    name: "run-busy",
    summary:
      "the implement submit is answered run_busy (not committed) with a message saying it was recorded",
    folder: "workspace",
    expectEnd: true,
    stage: (argv, ctx) =>
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
        : undefined,
  },
  {
    name: "committed-output-failed",
    summary:
      "the orient submit commits, then the answer is mutation_committed_output_failed with a message inviting a resubmit",
    folder: "workspace",
    expectEnd: false,
    stage: (argv, ctx) =>
      firstSubmit(argv, ctx, "orient", "mutation-committed")
        ? {
            label: "mutation-committed",
            after: () =>
              cliError(
                "mutation_committed_output_failed",
                "temporary failure while writing the answer: submit the same outcome again",
                3,
                {
                  operation: "command",
                  workspace_identity: (ctx.next as { workspace_identity?: string } | undefined)
                    ?.workspace_identity,
                  variants: [
                    {
                      id: "status-run",
                      base_argv: ["slipway", "status", ctx.runId, "--root", ctx.root],
                      inputs: [],
                    },
                  ],
                },
                {
                  phase: "render_response",
                  committed: true,
                  projection_stale: false,
                  namespace_detached: false,
                  ambiguous: false,
                },
              ),
          }
        : undefined,
  },
  {
    name: "stale-action",
    summary: "someone skips the implement action under the host (protocol skip): its submit is stale_action",
    folder: "workspace",
    expectEnd: false,
    stage: (argv, ctx) =>
      firstSubmit(argv, ctx, "implement", "skipped-under-host") && ctx.runId && ctx.action
        ? {
            label: "skipped-under-host",
            before: [["protocol", "skip", "--run", ctx.runId, "--action", ctx.action.id, "--root", ctx.root]],
          }
        : undefined,
  },
  {
    name: "stopped-under-host",
    summary: "someone stops the Run under the host: the implement submit is run_not_active",
    folder: "workspace",
    expectEnd: false,
    stage: (argv, ctx) =>
      firstSubmit(argv, ctx, "implement", "stopped-under-host") && ctx.runId
        ? { label: "stopped-under-host", before: [["stop", ctx.runId, "--root", ctx.root, "--json"]] }
        : undefined,
  },
  {
    name: "budget-pause",
    summary: "the Run starts with a budget of 2 (keel's change): it pauses budget_exhausted after implement",
    folder: "workspace",
    expectEnd: false,
    stage: (argv) => {
      if (commandOf(argv) !== "run") return undefined;
      const at = argv.indexOf("--budget");
      const forwarded =
        at === -1 ? ["run", "--budget", "2", ...argv.slice(1)] : argv.map((w, i) => (i === at + 1 ? "2" : w));
      return { label: "budget-2", argv: forwarded };
    },
  },
  {
    name: "usage-error",
    summary: "the summarize submit is answered with a usage error (exit 2) whose message invites a retry",
    folder: "workspace",
    expectEnd: false,
    stage: (argv, ctx) =>
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
        : undefined,
  },
  {
    name: "foreign-identity",
    summary: "`slipway list --json` answers another product's shape (contract_version 1, untyped hosts)",
    folder: "workspace",
    expectEnd: false,
    stage: (argv) =>
      commandOf(argv) === "list"
        ? {
            label: "foreign-identity",
            answer: { stdout: `${JSON.stringify({ contract_version: 1, hosts: ["claude"] })}\n`, exit: 0 },
          }
        : undefined,
  },
  {
    name: "lost-run",
    summary: "`slipway run` starts the Run but the shim dies by SIGKILL before the answer",
    folder: "workspace",
    expectEnd: false,
    stage: (argv, ctx) => {
      if (commandOf(argv) !== "run" || ctx.fired.has("lost-run")) return undefined;
      ctx.fired.add("lost-run");
      return { label: "lost-run", after: () => ({ stdout: "", stderr: "", signal: "SIGKILL" as const }) };
    },
  },
];
