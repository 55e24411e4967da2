// Fault: success documents leave out contract_version. Trips slipway/contract-version.
import { changeDoc, fakeSlipway } from "./_slipway.mjs";

await fakeSlipway({
  onResult: changeDoc((doc) => {
    delete doc.contract_version;
  }),
});
