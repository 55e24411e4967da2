// Fault: never runs the identity check `slipway list --json --root ROOT`. Trips slipway-host/identity-first. Scenarios: plain.
import { start } from "./_host.mjs";

start({ identity: () => true });
