// Fault: a Run started from a goal file is active but its answer has no action. Trips slipway/state-consistent.
import { changeDoc, fakeSlipway } from "./_slipway.mjs";

await fakeSlipway({
  onResult: changeDoc((doc, argv) => {
    if (argv[0] === "run" && argv.includes("--goal-file")) delete doc.action;
  }),
});
