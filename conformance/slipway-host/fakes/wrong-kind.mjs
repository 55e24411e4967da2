// Fault: labels every outcome action_kind "orient", whatever the action. Trips slipway-host/outcome-matches-action. Scenarios: plain.
import { base, start } from "./_host.mjs";

start({
  work: (action, root) => ({
    ...base.work(action, root),
    action_kind: "orient",
    implementation: null,
    review: null,
  }),
});
