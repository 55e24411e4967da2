// Fault: an unknown sample gets -32603 (internal error) instead of -32602. Warns mira/unknown-sample.
import { base, start } from "./_study.mjs";

start({
  handlers: {
    run: (p) => {
      try {
        return base.run(p);
      } catch (e) {
        if (e.rpc?.message.startsWith("no such sample")) e.rpc.code = -32603;
        throw e;
      }
    },
  },
});
