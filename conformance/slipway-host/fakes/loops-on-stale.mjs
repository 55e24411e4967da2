// Fault: resubmits again and again when the answer is stale_action. Trips slipway-host/branch-on-code. Scenarios: stale-action.
import { answer, base, start } from "./_host.mjs";

start({
  after: (h, r, _state, argv) => {
    for (let n = 0; n < 10 && answer(r)?.code === "stale_action"; n++) r = h.slipway(argv);
    return base.after(h, r);
  },
});
