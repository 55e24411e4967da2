// Fault: an unknown trail id is answered 200 with an empty queued trail. Trips myrmo/unknown-trail.
import { fakeColony, jsonAnswer } from "./_colony.mjs";

await fakeColony({
  onAnswer: (req, a) =>
    a.status === 404 && req.method === "GET" && /^\/v1\/trails\/[^/]+$/.test(req.path)
      ? jsonAnswer(200, { trail_id: req.path.split("/").pop(), status: "queued" }, a.headers)
      : a,
});
