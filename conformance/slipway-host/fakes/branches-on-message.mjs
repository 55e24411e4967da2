// Fault: retries whenever the error message says "retry", whatever the code and exit status. Trips slipway-host/branch-on-code. Scenarios: usage-error.
import { answer, start } from "./_host.mjs";

start({
  uncertain: (r) =>
    r.status === null || /retry/i.test(answer(r)?.message ?? "") || (r.status === 0 && !answer(r)),
});
