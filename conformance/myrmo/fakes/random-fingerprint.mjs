// Fault: the same trail published twice gets two different fingerprints. Warns myrmo/fingerprint-stable.
import { randomUUID } from "node:crypto";
import { fakeColony, isPublish } from "./_colony.mjs";

await fakeColony({
  onAnswer: (req, a) => {
    if (!isPublish(req) || a.status !== 202) return a;
    const body = JSON.parse(a.body);
    body.fingerprint = `fp-${randomUUID()}`;
    return { ...a, body: JSON.stringify(body) };
  },
});
