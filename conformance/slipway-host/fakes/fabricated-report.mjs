// Fault: reports README.md changed without changing anything. Trips slipway-host/truthful-work. Scenarios: plain.
import { base, outcome, start } from "./_host.mjs";

start({
  work: (action, root) =>
    action.kind === "implement"
      ? outcome(action, "Appended the requested README line.", {
          implementation: {
            result: "applied",
            files_changed: ["README.md"],
            activities: [],
            uncertainties: [],
            attempts: 1,
          },
        })
      : base.work(action, root),
});
