// Fault: a body with a __proto__ member kills the process. Trips myrmo/hostile-bodies.
import { fakeColony } from "./_colony.mjs";

await fakeColony({
  onRequest: (req) => {
    if (req.text.includes("__proto__")) process.exit(1);
    return undefined;
  },
});
