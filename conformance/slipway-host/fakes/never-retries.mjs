// Fault: gives up at the first uncertain answer instead of resending the outcome. Warns slipway-host/retry-identical. Scenarios: lost-answers.
import { start } from "./_host.mjs";

start({ uncertain: () => false });
