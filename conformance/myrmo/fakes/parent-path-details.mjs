// Fault: every detail names the parent of the failing location. Warns myrmo/details-located.
import { fakeColony } from "./_colony.mjs";

const parent = (p) => p.slice(0, Math.max(0, p.lastIndexOf("/")));
await fakeColony({
  onAnswer: (_req, a) => {
    if (a.status !== 400) return a;
    const body = JSON.parse(a.body);
    for (const d of body.error.details ?? []) d.path = parent(parent(d.path));
    return { ...a, body: JSON.stringify(body) };
  },
});
