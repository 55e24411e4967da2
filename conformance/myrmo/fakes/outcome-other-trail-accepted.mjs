// Fault: an outcome whose solution_id names another trail is taken for the path's trail (202); the documents do not say it must be refused. Warns myrmo/outcome-invalid.
import { fakeColony } from "./_colony.mjs";

await fakeColony({
  onRequest: (req) => {
    const m = /^\/v1\/trails\/([^/]+)\/outcomes$/.exec(req.path);
    if (req.method !== "POST" || !m) return undefined;
    let doc;
    try {
      doc = JSON.parse(req.text);
    } catch {
      return undefined;
    }
    if (typeof doc?.solution_id !== "string" || doc.solution_id.toLowerCase() === m[1].toLowerCase())
      return undefined;
    if (!/^[0-9a-f-]{36}$/.test(doc.solution_id)) return undefined; // a malformed id stays the schema's refusal
    req.body = Buffer.from(JSON.stringify({ ...doc, solution_id: m[1] }));
    req.headers["content-length"] = String(req.body.length);
    return undefined;
  },
});
