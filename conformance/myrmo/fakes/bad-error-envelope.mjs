// Fault: not_found answers carry details as a string, not a list of {path, message}. Trips myrmo/error-envelope.
import { fakeColony, jsonAnswer } from "./_colony.mjs";

await fakeColony({
  onAnswer: (_req, a) =>
    a.status === 404
      ? jsonAnswer(404, { error: { ...JSON.parse(a.body).error, details: "none" } }, a.headers)
      : a,
});
