// Fault: score ignores the supplied transcript and scores a fresh run. Trips mira/score-valid.
import { base, start } from "./_study.mjs";

start({
  handlers: {
    initialize: () => ({
      ...base.initialize(),
      capabilities: ["events", "paginate", "cancel", "trials", "execute", "score"],
    }),
    execute: (p) => {
      const r = base.run(p);
      return { ...r, transcript: { ...r.transcript, final_response: "executed" } };
    },
    score: (p) => base.run(p),
  },
});
