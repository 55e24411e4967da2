import { dialectInvalid, dialectValues } from "./dialect.js";
import { multiLine } from "./staging.js";
import {
  budgetTwo,
  committedOutputFailed,
  foreignIdentity,
  lostAnswer,
  lostRun,
  runBusy,
  type Stage,
  underHost,
  usageError,
} from "./stagings.js";

/** One staged situation the host is run through, in a fresh workspace of its own. */
export interface HostScenario {
  name: string;
  summary: string;
  /** the workspace folder's name (a space in it tests argv handling) */
  folder: string;
  /** an obeying host drives the Run to `ended` in this scenario */
  expectEnd: boolean;
  /** keel's staging for a call, or undefined to forward it as it is */
  stage: Stage;
}

const none: Stage = () => undefined;
const scenario = (name: string, expectEnd: boolean, stage: Stage, summary: string, folder = "workspace") => ({
  name,
  summary,
  folder,
  expectEnd,
  stage,
});

/** Every scenario of the host suite, in report order. Review is on in every Run (keel drops `--no-review`). */
export const hostScenarios: readonly HostScenario[] = [
  scenario(
    "plain",
    true,
    none,
    "the tutorial goal, review enabled: orient → implement → review → summarize → ended",
  ),
  scenario(
    "space-in-path",
    true,
    multiLine,
    "the workspace path contains a space; every answer's JSON is printed over several lines, as the real CLI may",
    "work space",
  ),
  scenario(
    "lost-answers",
    true,
    (argv, ctx) => lostAnswer("orient", "signal")(argv, ctx) ?? lostAnswer("implement", "garbled")(argv, ctx),
    "the orient submit commits but the shim dies by SIGKILL; the implement submit commits but its answer is cut short (exit 0)",
  ),
  scenario(
    "run-busy",
    true,
    runBusy,
    "the implement submit is answered run_busy with a message saying it was recorded",
  ),
  scenario(
    "committed-output-failed",
    false,
    committedOutputFailed,
    "the orient submit commits, then mutation_committed_output_failed with a message inviting a resubmit",
  ),
  scenario(
    "stale-action",
    false,
    underHost("skipped-under-host"),
    "someone skips the implement action under the host: its submit is stale_action",
  ),
  scenario(
    "stopped-under-host",
    false,
    underHost("stopped-under-host"),
    "someone stops the Run under the host: the implement submit is run_not_active",
  ),
  scenario(
    "budget-pause",
    false,
    budgetTwo,
    "the Run starts with a budget of 2: it pauses budget_exhausted after implement",
  ),
  scenario(
    "usage-error",
    false,
    usageError,
    "the summarize submit gets a usage error (exit 2) whose message says retry",
  ),
  scenario(
    "foreign-identity",
    false,
    foreignIdentity,
    "`slipway list --json` answers another product's shape",
  ),
  scenario(
    "dialect-values",
    true,
    dialectValues,
    "every run and submit answer holds dialect probes the schema takes, as written: remaining_budget 2^53, 3.0, -0, 2^64, a goal with a line end after it",
  ),
  scenario(
    "dialect-invalid",
    false,
    dialectInvalid,
    "every run and submit answer's next.workspace_identity has a line end after it, which the schema refuses: a validating host stops",
  ),
  scenario(
    "lost-run",
    false,
    lostRun,
    "`slipway run` starts the Run but the shim dies by SIGKILL before the answer",
  ),
];
