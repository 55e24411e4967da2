// Fault: treats mutation_committed_output_failed as a transient failure and submits again. Trips slipway-host/retry-identical. Scenarios: committed-output-failed.
import { answer, base, start } from "./_host.mjs";

start({ uncertain: (r) => base.uncertain(r) || answer(r)?.code === "mutation_committed_output_failed" });
