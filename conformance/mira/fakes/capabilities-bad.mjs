// Fault: advertises a capability that is not a string. Trips mira/capabilities-known.
import { base, start } from "./_study.mjs";

start({
  handlers: {
    initialize: () => ({ ...base.initialize(), capabilities: [...base.initialize().capabilities, 7] }),
  },
});
