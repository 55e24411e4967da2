// Fault: joins base_argv into a display string and splits it on spaces again. Trips slipway-host/argv-from-variants. Scenarios: space-in-path.
import { start } from "./_host.mjs";

start({
  submitArgv: (state, file) => {
    const variant = state.next.variants.find((v) => v.id === "submit-outcome-file");
    return [...variant.base_argv.slice(1).join(" ").split(" "), "--outcome-file", file];
  },
});
