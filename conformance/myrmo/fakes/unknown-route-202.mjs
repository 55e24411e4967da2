// Fault: an unknown route is answered 202 instead of 404. Trips myrmo/unknown-route.
import { fakeColony, jsonAnswer } from "./_colony.mjs";

await fakeColony({
  onAnswer: (req, a) =>
    a.status === 404 && !req.path.startsWith("/v1/trails")
      ? jsonAnswer(202, { status: "queued" }, a.headers)
      : a,
});
