// Fault: a published trail's schema errors carry no details. Trips myrmo/reject-invalid.
import { fakeColony, isPublish } from "./_colony.mjs";

await fakeColony({
  onAnswer: (req, a) => {
    if (!isPublish(req) || a.status !== 400) return a;
    const body = JSON.parse(a.body);
    if (body.error.details?.[0]?.path === "") return a;
    delete body.error.details;
    return { ...a, body: JSON.stringify(body) };
  },
});
