// Fault: not_found messages run past keel's own 2,048-character cap, which the REST reference does not set. Warns myrmo/error-envelope.
import { fakeColony, jsonAnswer } from "./_colony.mjs";

await fakeColony({
  onAnswer: (_req, a) => {
    if (a.status !== 404) return a;
    const error = JSON.parse(a.body).error;
    return jsonAnswer(
      404,
      { error: { ...error, message: `${error.message} ${"x".repeat(3000)}` } },
      a.headers,
    );
  },
});
