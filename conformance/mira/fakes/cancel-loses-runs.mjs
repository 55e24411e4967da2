// Fault: of several runs cancelled at once only the last resolves; the others are lost. Trips mira/cancel-concurrent.
import { base, start } from "./_study.mjs";

const write = (m) => process.stdout.write(`${JSON.stringify(m)}\n`);
const pending = new Map();

start({
  handlers: {
    run: (p, req) => {
      const result = base.run(p);
      const answer = () => {
        pending.delete(req.id);
        write({ id: req.id, result });
      };
      pending.set(req.id, setTimeout(answer, 300));
      return undefined;
    },
    cancel: (p) => {
      if (!pending.has(p.id)) return { cancelled: false };
      clearTimeout(pending.get(p.id));
      pending.delete(p.id);
      // the bug: only the run cancelled when nothing else is in flight gets its answer
      if (pending.size === 0)
        setImmediate(() =>
          write({ id: p.id, error: { code: -32603, message: "cancelled", retryable: false } }),
        );
      return { cancelled: true };
    },
  },
});
