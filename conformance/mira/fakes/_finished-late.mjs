// A correct study whose finished event is written just after its run's response (still the last of the
// run's events); keel's verdict says so, with where each line came.
import { base, start } from "./_study.mjs";

start({
  handlers: {
    initialize: () => ({
      ...base.initialize(),
      capability_params: { events: { kinds: ["started", "finished"] } },
    }),
  },
  events: () => ["started"],
  out: (m, write, msg) => {
    write(m);
    if (msg?.method !== "run" || !m.result) return;
    const { eval: e, sample, target } = msg.params;
    write({ method: "event", params: { request_id: msg.id, eval: e, sample, target, kind: "finished" } });
  },
});
