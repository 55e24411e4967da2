// Fault: submits its outcome again when the answer says the Run paused. Trips slipway-host/active-only. Scenarios: budget-pause.
import { answer, base, start } from "./_host.mjs";

start({
  after: (h, r, _state, argv) => {
    if (answer(r)?.state === "paused") h.slipway(argv);
    return base.after(h, r);
  },
});
