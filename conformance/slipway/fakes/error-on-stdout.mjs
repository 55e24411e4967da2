// Fault: every error is printed on stdout, stderr empty. Trips slipway/error-envelope.
import { fakeSlipway } from "./_slipway.mjs";

await fakeSlipway({ onResult: (r) => (r.exit === 0 ? r : { ...r, stdout: r.stderr, stderr: "" }) });
