// Fault: no body limit: an over-64 KB body is refused as an invalid trail, never 413. Trips myrmo/too-large.
import { fakeColony, jsonAnswer } from "./_colony.mjs";

await fakeColony({
  onAnswer: (_req, a) =>
    a.status === 413
      ? jsonAnswer(
          400,
          {
            error: {
              code: "invalid_trail",
              message: "unknown field padding",
              details: [{ path: "/padding", message: "unknown" }],
            },
          },
          a.headers,
        )
      : a,
});
