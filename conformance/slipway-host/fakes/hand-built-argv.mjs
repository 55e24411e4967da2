// Fault: assembles the submit argv by hand and drops --root. Trips slipway-host/argv-from-variants. Scenarios: plain.
import { start } from "./_host.mjs";

start({
  submitArgv: (state, file) => [
    "protocol",
    "submit",
    "--run",
    state.run_id,
    "--action",
    state.action.action_id,
    "--outcome-file",
    file,
  ],
});
