// Fault: advertises the event kinds started and finished but ends each run without a finished event. Trips mira/events-ordered.
import { base, start } from "./_study.mjs";

start({
  handlers: {
    initialize: () => ({
      ...base.initialize(),
      capability_params: { events: { kinds: ["started", "finished"] } },
    }),
  },
  events: () => ["started"],
});
