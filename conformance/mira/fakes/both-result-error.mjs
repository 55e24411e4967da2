// Fault: a run response carries both result and error. Trips mira/one-of-result-error.
import { start } from "./_study.mjs";

start({
  out: (m, write, req) =>
    write(req.method === "run" && m.result ? { ...m, error: { code: 0, message: "also" } } : m),
});
