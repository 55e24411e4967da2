// Fault: answers without the RateLimit-* headers. Trips myrmo/rate-limit-headers.
import { fakeColony } from "./_colony.mjs";

await fakeColony({
  onAnswer: (_req, a) => {
    const headers = Object.fromEntries(
      Object.entries(a.headers).filter(([k]) => !k.startsWith("ratelimit-")),
    );
    return { ...a, headers };
  },
});
