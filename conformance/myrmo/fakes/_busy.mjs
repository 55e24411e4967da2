// No fault: with 9 or more publishes in flight, every 5th is refused 503 busy with Retry-After: 1 (and
// 429 rate_limited for every 7th), as a loaded colony may. The load check retries them (counted, not
// failed), so it passes every check (src/suites/myrmo/suite.test.ts).
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
    if (crowd < 9) return undefined;
    crowded++;
    const limits = {
      "ratelimit-limit": "1000",
      "ratelimit-remaining": "0",
      "ratelimit-reset": "1",
      "retry-after": "1",
    };
    if (crowded % 5 === 0)
      return jsonAnswer(503, { error: { code: "busy", message: "retry later" } }, limits);
    if (crowded % 7 === 0)
      return jsonAnswer(429, { error: { code: "rate_limited", message: "slow down" } }, limits);
    return undefined;
  },
});
