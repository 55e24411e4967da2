// Fault: list --json never exits. Trips slipway/exits.
import { fakeSlipway } from "./_slipway.mjs";

if (process.argv[2] === "list") setInterval(() => {}, 1000);
else await fakeSlipway();
