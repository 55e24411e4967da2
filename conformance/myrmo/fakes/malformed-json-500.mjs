// Fault: a body that is not JSON makes it answer 500. Trips myrmo/malformed-json.
import { fakeColony, jsonAnswer } from "./_colony.mjs";

await fakeColony({
  onAnswer: (_req, a) =>
    // (invalid UTF-8 is still refused properly: only malformed JSON trips it)
    a.status === 400 && JSON.parse(a.body).error?.code === "invalid_request" && !_req.text.includes("\uFFFD")
      ? jsonAnswer(500, { error: { code: "internal", message: "Unexpected token" } }, a.headers)
      : a,
});
