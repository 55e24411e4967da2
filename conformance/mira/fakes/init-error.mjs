// Fault: answers initialize with an error. Trips mira/initialize-first.
import { start } from "./_study.mjs";

start({
  handlers: {
    initialize: () => {
      throw { rpc: { code: -32603, message: "not ready" } };
    },
  },
});
