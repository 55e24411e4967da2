// Fault: every error exits 1 (its body still says exit_code 2 or 3). Trips slipway/error-exit-code.
import { fakeSlipway } from "./_slipway.mjs";

await fakeSlipway({ onResult: (r) => (r.exit === 0 ? r : { ...r, exit: 1 }) });
