// Fault: the stored trail comes back without its tags. Trips myrmo/status-content.
import { fakeColony } from "./_colony.mjs";

await fakeColony({
  onAnswer: (req, a) => {
    if (req.method !== "GET" || a.status !== 200 || !req.path.startsWith("/v1/trails/")) return a;
    const body = JSON.parse(a.body);
    if (body.trail) delete body.trail.tags;
    return { ...a, body: JSON.stringify(body) };
  },
});
