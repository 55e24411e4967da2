// Fault: by-fingerprint answers 200 with an empty list for a fingerprint it just issued. Trips myrmo/by-fingerprint.
import { fakeColony, jsonAnswer } from "./_colony.mjs";

await fakeColony({
  onRequest: (req) =>
    req.path.startsWith("/v1/trails/by-fingerprint/")
      ? jsonAnswer(
          200,
          { trails: [] },
          { "ratelimit-limit": "100000", "ratelimit-remaining": "99999", "ratelimit-reset": "60" },
        )
      : undefined,
});
