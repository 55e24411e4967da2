// Fault: initialize claims more evals than list returns. Warns mira/evals-count.
import { base, start } from "./_study.mjs";

start({ handlers: { initialize: () => ({ ...base.initialize(), evals: 3 }) } });
