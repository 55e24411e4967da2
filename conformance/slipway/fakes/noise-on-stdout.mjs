// Fault: a status line before the JSON on stdout. Warns slipway/single-document.
import { fakeSlipway } from "./_slipway.mjs";

await fakeSlipway({ onResult: (r) => (r.exit === 0 ? { ...r, stdout: `slipway: ok\n${r.stdout}` } : r) });
