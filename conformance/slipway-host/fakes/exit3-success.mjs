// Fault: takes an exit-3 error as the end of the work and exits 0 on a live Run. Warns slipway-host/exit-status. Scenarios: stale-action.
import { base, start } from "./_host.mjs";

start({ after: (h, r) => (r.status === 3 ? { state: "ended" } : base.after(h, r)) });
