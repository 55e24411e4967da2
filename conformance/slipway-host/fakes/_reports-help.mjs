// No fault: when the identity check answers a foreign shape, the host stops and reports the executable's
// `slipway --help` output (common.tmpl), running it with its own stdin inherited, as a shell would.
import { spawnSync } from "node:child_process";
import { base, start } from "./_host.mjs";

start({
  identity(h, root) {
    if (base.identity(h, root)) return true;
    // biome-ignore lint/suspicious/noUndeclaredEnvVars: SLIPWAY names the slipway the host drives
    const help = spawnSync(process.env.SLIPWAY || "slipway", ["--help"], {
      stdio: ["inherit", "pipe", "pipe"],
      encoding: "utf8",
      timeout: 30_000,
    });
    process.stderr.write(`slipway is not the expected executable; its --help:\n${help.stdout ?? ""}`);
    return false;
  },
});
