// Fault: accepts a trail with a field the schema does not know (202 instead of 400). Trips myrmo/reject-invalid.
import { fakeColony, isPublish } from "./_colony.mjs";

await fakeColony({
  onRequest: (req) => {
    if (!isPublish(req) || !req.text.includes("keel_unknown_field")) return undefined;
    // drop the unknown members and publish what is left, as a colony that ignores them would
    const cleaned = req.text.replace(/,?"keel_unknown_field":("[^"]*"|[^,}]*)/g, "").replace(/\{,/g, "{");
    req.body = Buffer.from(cleaned);
    req.headers["content-length"] = String(req.body.length);
    return undefined;
  },
});
