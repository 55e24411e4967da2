// Fault: keeps one run pending at a time; a new run replaces it, so its answer is lost. Trips mira/runs-concurrent.
import { base, start } from "./_study.mjs";

let pending;
start({
  handlers: {
    run: (p, req) => {
      clearTimeout(pending);
      const result = base.run(p);
      pending = setTimeout(() => process.stdout.write(`${JSON.stringify({ id: req.id, result })}\n`), 30);
      return undefined;
    },
  },
});
