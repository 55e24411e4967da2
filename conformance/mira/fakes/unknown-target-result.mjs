// Fault: runs an unknown target as if it were known and answers a normal passing result, as both SDKs do (recorded). Trips mira/unknown-target.
import { base, start } from "./_study.mjs";

start({ handlers: { run: (p) => ({ ...base.run({ ...p, target: "sim" }), target: p.target }) } });
