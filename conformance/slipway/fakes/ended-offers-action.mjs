// Fault: an ended Run offers next.operation action (submit for its last action). Trips slipway/state-consistent.
import { changeDoc, fakeSlipway, flag } from "./_slipway.mjs";

await fakeSlipway({
  onResult: changeDoc((doc, argv) => {
    if (doc.state !== "ended" || !("run_id" in doc)) return;
    const base = ["slipway", "protocol", "submit", "--run", doc.run_id, "--action", flag(argv, "--action")];
    doc.next = {
      operation: "action",
      workspace_identity: doc.next.workspace_identity,
      variants: [
        {
          id: "submit-outcome-file",
          base_argv: [...base, "--root", flag(argv, "--root")],
          inputs: [{ name: "outcome_file", type: "path", flag: "--outcome-file", required: true }],
        },
      ],
    };
  }),
});
