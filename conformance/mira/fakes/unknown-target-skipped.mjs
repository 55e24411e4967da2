// Fault: runs an unknown target as an unavailable one (skipped) instead of -32602. Trips mira/unknown-target.
import { base, start } from "./_study.mjs";

start({
  handlers: {
    run: (p) => {
      if (p.target === "sim") return base.run(p);
      return {
        ...base.run({ ...p, target: "sim" }),
        target: p.target,
        passed: false,
        aggregate: 0,
        scores: [],
        skipped: true,
      };
    },
  },
});
