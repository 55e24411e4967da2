// Fault: rejects unknown params fields (a strict consumer). Trips mira/ignores-unknown-fields.
import { base, start } from "./_study.mjs";

start({
  handlers: {
    run: (p) => {
      if ("keel_unknown_param" in p) throw { rpc: { code: -32602, message: "unknown field" } };
      return base.run(p);
    },
  },
});
