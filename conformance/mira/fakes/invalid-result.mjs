// Fault: run results lack the required transcript. Trips mira/run-valid.
import { base, start } from "./_study.mjs";

start({ handlers: { run: (p) => ({ ...base.run(p), transcript: undefined }) } });
