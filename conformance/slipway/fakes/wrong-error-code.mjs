// Fault: an outcome naming the wrong action or kind (invalid_outcome, exit 3) is answered stale_action. Trips slipway/invalid-outcome.
import { changeError, fakeSlipway } from "./_slipway.mjs";

await fakeSlipway({
  onResult: changeError((body) => {
    if (body.code === "invalid_outcome" && body.exit_code === 3) body.code = "stale_action";
  }),
});
