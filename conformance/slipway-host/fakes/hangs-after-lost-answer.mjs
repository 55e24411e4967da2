// Fault: waits forever once an answer is lost. Warns slipway-host/bounded. Scenarios: lost-run.
import { base, start } from "./_host.mjs";

start({
  start: (h, root, goal) => {
    const state = base.start(h, root, goal);
    if (!state) for (;;) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1000);
    return state;
  },
});
