// Fault: different bytes for an answered action are accepted (exit 0, the Run's state) instead of outcome_conflict. Trips slipway/outcome-conflict.
import { fakeSlipway, flag, runStatus } from "./_slipway.mjs";

await fakeSlipway({
  onResult: async (r, argv) => {
    if (r.exit !== 3 || JSON.parse(r.stderr).code !== "outcome_conflict") return r;
    const status = await runStatus(flag(argv, "--run"), flag(argv, "--root"));
    const current = status.next.variants[0]?.base_argv;
    const id = current?.[current.indexOf("--action") + 1];
    const action = status.actions.find((a) => a.action.action_id === id)?.action;
    const doc = {
      contract_version: 2,
      run_id: status.id,
      state: status.state,
      ...(status.state === "active" ? { action } : {}),
      ...(status.state === "ended" ? { summary: status.summary } : {}),
      next: status.next,
    };
    return { exit: 0, stdout: `${JSON.stringify(doc)}\n`, stderr: "" };
  },
});
