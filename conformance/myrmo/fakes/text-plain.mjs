// Fault: JSON answers are labelled text/plain. Trips myrmo/content-type.
import { fakeColony } from "./_colony.mjs";

await fakeColony({
  onAnswer: (_req, a) => ({ ...a, headers: { ...a.headers, "content-type": "text/plain" } }),
});
