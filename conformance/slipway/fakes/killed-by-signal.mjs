// Fault: status --json (every Run) dies of a signal. Trips slipway/exits.
import { fakeSlipway } from "./_slipway.mjs";

const args = process.argv.slice(2);
if (args[0] === "status" && args[1] === "--root") process.kill(process.pid, "SIGKILL");
else await fakeSlipway();
