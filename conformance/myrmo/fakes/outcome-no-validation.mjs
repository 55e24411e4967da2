// Fault: accepts every outcome report on a known trail, valid or not. Trips myrmo/outcome-invalid.
import { fakeColony, jsonAnswer } from "./_colony.mjs";

await fakeColony({
  onAnswer: (req, a) =>
    req.path.endsWith("/outcomes") && a.status === 400 ? jsonAnswer(202, { strength: 0.5 }, a.headers) : a,
});
