// Fault: an event names the right request_id but another sample. Trips mira/events-correlated.
import { start } from "./_study.mjs";

start({
  out: (m, write, req) => {
    if (m.result)
      write({
        method: "event",
        params: { request_id: req.id, eval: "e", sample: "other", target: "sim", kind: "turn" },
      });
    write(m);
  },
});
