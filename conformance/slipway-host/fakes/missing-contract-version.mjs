// Fault: leaves contract_version out of its outcomes. Trips slipway-host/outcome-valid. Scenarios: plain.
import { base, start } from "./_host.mjs";

start({
  work: (action, root) => {
    const { contract_version: _, ...rest } = base.work(action, root);
    return rest;
  },
});
