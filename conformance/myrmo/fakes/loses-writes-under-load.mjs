// Fault: with 9 or more publishes in flight, every 9th is answered 202 with an id it never stored. Trips myrmo/load-nothing-lost.
import { randomUUID } from "node:crypto";
import { fakeColony, isPublish } from "./_colony.mjs";

let inFlight = 0;
let accepted = 0;
await fakeColony({
  onRequest: async (req) => {
    if (!isPublish(req)) return undefined;
    inFlight++;
    req.crowd = inFlight;
    await new Promise((r) => setTimeout(r, 20)); // a slow queue, so writers pile up
    return undefined;
  },
  onAnswer: (req, a) => {
    if (!isPublish(req)) return a;
    inFlight--;
    if (a.status !== 202 || req.crowd < 9 || ++accepted % 9 !== 0) return a;
    const id = randomUUID();
    const body = { ...JSON.parse(a.body), trail_id: id, status_url: `/v1/trails/${id}` };
    return { ...a, body: JSON.stringify(body) };
  },
});
