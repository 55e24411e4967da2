// Fault: list --json never exits. Blocks slipway/exits.
import { fakeSlipway } from "./_slipway.mjs";

if (process.argv[2] === "list") setInterval(() => {}, 1000);
else await fakeSlipway();
