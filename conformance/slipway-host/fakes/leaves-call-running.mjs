// Fault: exits leaving a `slipway status` call of its own running in the background. Warns slipway-host/no-call-left. Scenarios: plain.
import { spawn } from "node:child_process";
import { base, start } from "./_host.mjs";

start({
  finish: (h, state) => {
    // biome-ignore lint/suspicious/noUndeclaredEnvVars: SLIPWAY names the slipway the host drives
    spawn(process.env.SLIPWAY || "slipway", ["status", "--json", "--root", process.cwd()], {
      detached: true,
      stdio: "ignore",
    }).unref();
    return base.finish(h, state);
  },
});
