// Fault: resumes a paused Run through its resume variant without the user. Trips slipway-host/no-self-resume. Scenarios: budget-pause.
import { base, resolveVariant, start } from "./_host.mjs";

start({
  finish: (h, state) => {
    if (state?.next?.operation === "resume") h.slipway(resolveVariant(state.next.variants[0], {}));
    return base.finish(h, state);
  },
});
