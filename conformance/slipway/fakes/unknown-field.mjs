// Fault: every protocol state carries a field the schema does not know. Trips slipway/stdout-document.
import { changeDoc, fakeSlipway } from "./_slipway.mjs";

await fakeSlipway({
  onResult: changeDoc((doc) => {
    if ("run_id" in doc && "state" in doc) doc.debug = true;
  }),
});
