// Fault: an outcome answer reports strength 5, outside [0, 1]. Trips myrmo/outcome-accepted.
import { fakeColony } from "./_colony.mjs";

await fakeColony({
  onAnswer: (req, a) =>
    req.path.endsWith("/outcomes") && a.status === 202
      ? { ...a, body: JSON.stringify({ ...JSON.parse(a.body), strength: 5 }) }
      : a,
});
