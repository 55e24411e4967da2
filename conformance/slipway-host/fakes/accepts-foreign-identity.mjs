// Fault: calls `slipway list` but drives on whatever it answers. Trips slipway-host/identity-first. Scenarios: foreign-identity.
import { start } from "./_host.mjs";

start({
  identity: (h, root) => {
    h.slipway(["list", "--json", "--root", root]);
    return true;
  },
});
