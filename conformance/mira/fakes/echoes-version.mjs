// Fault: answers initialize with the host's protocol_version instead of its own. Trips mira/initialize-first.
import { start } from "./_study.mjs";

start({
  out: (m, write, req) =>
    write(
      req?.method === "initialize" && m.result
        ? { ...m, result: { ...m.result, protocol_version: req.params?.protocol_version } }
        : m,
    ),
});
