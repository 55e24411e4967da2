// Fault: floods stdout with one line longer than the runner's bound. Trips mira/stdout-json.
import { start } from "./_study.mjs";

start({ handlers: { list: () => ({ evals: [], padding: "x".repeat(3 << 20) }) } });
