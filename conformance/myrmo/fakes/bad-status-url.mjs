// Fault: status_url points at a route the colony does not serve. Trips myrmo/status-url.
import { fakeColony, isPublish } from "./_colony.mjs";

await fakeColony({
  onAnswer: (req, a) => {
    if (!isPublish(req) || a.status !== 202) return a;
    const body = JSON.parse(a.body);
    body.status_url = `/v1/status/${body.trail_id}`;
    return { ...a, body: JSON.stringify(body) };
  },
});
