// Fault: leaves its goal file (world-readable, in the workspace's parent) behind after the run. Trips slipway-host/goal-file. Scenarios: plain.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { answer, start } from "./_host.mjs";

start({
  start(h, root, goal) {
    const path = join(root, "..", "goal.txt");
    writeFileSync(path, goal);
    const r = h.slipway(h.runArgv(root, path, goal));
    return r.status === 0 ? answer(r) : undefined;
  },
});
