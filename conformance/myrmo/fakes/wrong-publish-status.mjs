// Fault: answers a publish with 200 instead of 202. Trips myrmo/publish-valid.
import { fakeColony, isPublish } from "./_colony.mjs";

await fakeColony({ onAnswer: (req, a) => (isPublish(req) && a.status === 202 ? { ...a, status: 200 } : a) });
