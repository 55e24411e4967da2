// Fault: submits its summarize outcome once more after the Run ended. Trips slipway-host/active-only. Scenarios: plain.
import { answer, base, start } from "./_host.mjs";

start({
  after: (h, r, _state, argv) => {
    if (answer(r)?.state === "ended") h.slipway(argv);
    return base.after(h, r);
  },
});
