// Fault: a JSON string, number, boolean or null body is answered invalid_request instead of invalid_trail. Trips myrmo/not-a-trail.
import { fakeColony } from "./_colony.mjs";

await fakeColony({
  onAnswer: (req, a) => {
    if (a.status !== 400) return a;
    const body = JSON.parse(a.body);
    if (!body.error.message.startsWith("expected a JSON object") || req.text.trim().startsWith("[")) return a;
    body.error.code = "invalid_request";
    return { ...a, body: JSON.stringify(body) };
  },
});
