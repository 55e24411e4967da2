// Fault: sends a second, different outcome for the orient action it already answered. Trips slipway-host/one-outcome-per-action. Scenarios: plain.
import { base, privateFile, start } from "./_host.mjs";

start({
  after: (h, r, state, argv) => {
    if (state.action.kind === "orient") {
      const again = privateFile(
        "again.json",
        h.serialize({ ...h.work(state.action), summary: "Second thoughts." }),
      );
      const i = argv.indexOf("--outcome-file");
      h.slipway([...argv.slice(0, i + 1), again.path]);
      again.done();
    }
    return base.after(h, r);
  },
});
