// Fault: a body with a __proto__ member kills the process; keel reports the exit once and blocks the checks after it. Trips myrmo/stays-up.
import { fakeColony } from "./_colony.mjs";

await fakeColony({
  onRequest: (req) => {
    if (req.text.includes("__proto__")) process.exit(1);
    return undefined;
  },
});
