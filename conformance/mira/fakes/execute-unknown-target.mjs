// Fault: execute on an unknown target answers a result instead of an error. Trips mira/execute-unknown-target.
import { base, start } from "./_study.mjs";

start({
  handlers: {
    initialize: () => ({
      ...base.initialize(),
      capabilities: [...base.initialize().capabilities, "execute"],
    }),
    execute: (p) => {
      const { passed: _p, aggregate: _a, scores: _s, ...rest } = base.run({ ...p, target: "sim" });
      return { ...rest, target: p.target };
    },
  },
});
