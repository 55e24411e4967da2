// Fault: answers every run twice. Warns mira/answered-once.
import { start } from "./_study.mjs";

start({
  out: (m, write, req) => {
    write(m);
    if (req.method === "run") write(m);
  },
});
