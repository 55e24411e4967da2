// Fault: emits an event without its kind. Trips mira/message-valid.
import { start } from "./_study.mjs";

start({
  out: (m, write, req) => {
    if (m.result && req.method === "run")
      write({
        method: "event",
        params: { request_id: req.id, eval: "e", sample: req.params.sample, target: "sim" },
      });
    write(m);
  },
});
