// Fault: the identical outcome submitted again is refused as outcome_conflict. Trips slipway/idempotent-resubmit.
import { fakeSlipway, flag, runStatus } from "./_slipway.mjs";

await fakeSlipway({
  onCall: async (argv, run) => {
    if (argv[0] !== "protocol" || argv[1] !== "submit") return undefined;
    const status = await runStatus(flag(argv, "--run"), flag(argv, "--root"));
    const answered = status?.actions.find((a) => a.action.action_id === flag(argv, "--action"))?.outcome;
    const r = await run(argv);
    if (r.exit !== 0 || !answered) return r;
    const body = {
      contract_version: 2,
      code: "outcome_conflict",
      message: "this action already has an outcome",
      next: status.next,
      exit_code: 3,
      details: { run_id: status.id, state: status.state },
    };
    return { exit: 3, stdout: "", stderr: `${JSON.stringify(body)}\n` };
  },
});
