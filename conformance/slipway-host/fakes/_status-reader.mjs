// No fault: after each committed submit the host inspects `slipway status RUN --json --root ROOT` (as
// run-SKILL.md tells hosts to) and takes the action from its `current_action`. The suite must learn the
// action from that document too, and take the status call as a warning at most
// (packages/conformance-runner/src/suites/slipway-host/suite.test.ts).
import { answer, start } from "./_host.mjs";

start({
  after: (h, r) => {
    const doc = r.status === 0 ? answer(r) : undefined;
    if (doc?.state !== "active") return doc;
    const status = answer(h.slipway(["status", doc.run_id, "--json", "--root", process.cwd()]));
    return { ...doc, action: status?.current_action ?? null };
  },
});
