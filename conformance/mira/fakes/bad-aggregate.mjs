// Fault: reports passed with a failing score. Trips mira/run-verdict-consistent.
import { base, start } from "./_study.mjs";

start({
  handlers: {
    run: (p) => ({
      ...base.run(p),
      aggregate: 0.5,
      scores: [{ scorer: "ok", value: 0, pass: false, reason: "no" }],
    }),
  },
});
