// Fault: starts the run again when the first `run` answer is lost. Trips slipway-host/retry-identical. Scenarios: lost-run.
import { base, start } from "./_host.mjs";

start({ start: (h, root, goal) => base.start(h, root, goal) ?? base.start(h, root, goal) });
