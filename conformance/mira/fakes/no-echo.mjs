// Fault: drops trial/trials/seed from run results. Trips mira/run-echo.
import { base, start } from "./_study.mjs";

start({
  handlers: { run: (p) => ({ ...base.run(p), trial: undefined, trials: undefined, seed: undefined }) },
});
