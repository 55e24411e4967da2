// Fault: after a lost answer, re-serializes the outcome (compact JSON) instead of resending the same bytes. Trips slipway-host/retry-identical. Scenarios: lost-answers.
import { writeFileSync } from "node:fs";
import { start } from "./_host.mjs";

start({
  resubmit: (h, argv, file, body) => {
    writeFileSync(file.path, JSON.stringify(JSON.parse(body)));
    return h.slipway(argv);
  },
});
