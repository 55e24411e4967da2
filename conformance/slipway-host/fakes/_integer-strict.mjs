// No fault of the protocol's MUSTs: a host that reads integers as Python's `isinstance(x, int)` does, so an
// answer whose remaining_budget is written `3.0` (an integer by JSON Schema) stops it. keel warns on
// slipway-host/drives-to-end, naming the probe (packages/conformance-runner/src/suites/slipway-host/suite.test.ts).
import { answer, privateFile, start } from "./_host.mjs";

const decimalBudget = /"remaining_budget"\s*:\s*-?\d+\.\d/;

start({
  after: (_h, r) => (r.status === 0 && !decimalBudget.test(r.stdout) ? answer(r) : undefined),
  start(h, root, goal) {
    const file = privateFile("goal.txt", goal);
    const r = h.slipway(h.runArgv(root, file.path, goal));
    file.done();
    return r.status === 0 && !decimalBudget.test(r.stdout) ? answer(r) : undefined;
  },
});
