// Fault: with 9 or more publishes in flight, every 5th is refused 429 with Retry-After: 3600, longer than keel waits: keel gives up and says so, which is not lost data. Warns myrmo/load-nothing-lost.
import { fakeColony, isPublish, jsonAnswer } from "./_colony.mjs";

let inFlight = 0;
let crowded = 0;
await fakeColony({
  onRequest: async (req) => {
    if (!isPublish(req)) return undefined;
    inFlight++;
    const crowd = inFlight;
    await new Promise((r) => setTimeout(r, 20));
    inFlight--;
    if (crowd < 9 || ++crowded % 5 !== 0) return undefined;
    const limits = {
      "ratelimit-limit": "1000",
      "ratelimit-remaining": "0",
      "ratelimit-reset": "3600",
      "retry-after": "3600",
    };
    return jsonAnswer(429, { error: { code: "rate_limited", message: "come back in an hour" } }, limits);
  },
});
