// Fault: scoring an execute transcript gives another verdict than running the case. Warns mira/execute-consistent.
import { base, start } from "./_study.mjs";

start({
  handlers: {
    initialize: () => ({
      ...base.initialize(),
      capabilities: [...base.initialize().capabilities, "execute", "score"],
    }),
    execute: (p) => {
      const { passed: _p, aggregate: _a, scores: _s, ...rest } = base.run(p);
      return rest;
    },
    score: (p) => ({
      ...base.run(p),
      passed: false,
      aggregate: 0,
      scores: [{ scorer: "ok", value: 0, pass: false, reason: "harsher" }],
    }),
  },
});
