// Fault: advertises execute but returns no transcript. Trips mira/execute-valid.
import { base, start } from "./_study.mjs";

start({
  handlers: {
    initialize: () => ({
      ...base.initialize(),
      capabilities: ["events", "paginate", "cancel", "trials", "execute"],
    }),
    execute: (p) => {
      const { transcript: _t, passed: _p, aggregate: _a, scores: _s, ...rest } = base.run(p);
      return rest;
    },
  },
});
