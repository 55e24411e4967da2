// Fault: adds a field the outcome does not have. Trips slipway-host/outcome-valid. Scenarios: plain.
import { base, start } from "./_host.mjs";

start({ work: (action, root) => ({ ...base.work(action, root), confidence: 0.9 }) });
