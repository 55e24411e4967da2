// Fault: answers run with an id it was never sent. Trips mira/response-id-known.
import { start } from "./_study.mjs";

start({ out: (m, write, req) => write(req.method === "run" ? { ...m, id: m.id + 100000 } : m) });
