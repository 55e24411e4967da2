// Fault: errors carry no `code` (hosts cannot branch). Trips slipway/error-envelope.
import { changeError, fakeSlipway } from "./_slipway.mjs";

await fakeSlipway({
  onResult: changeError((body) => {
    delete body.code;
  }),
});
