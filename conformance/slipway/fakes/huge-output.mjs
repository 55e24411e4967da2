// Fault: list --json pads its answer with 2 MiB of blanks. Trips slipway/exits.
import { fakeSlipway } from "./_slipway.mjs";

await fakeSlipway({
  onResult: (r, argv) =>
    argv[0] === "list" && r.exit === 0 ? { ...r, stdout: r.stdout + " ".repeat(2 << 20) } : r,
});
