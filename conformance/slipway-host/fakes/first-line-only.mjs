// Fault: reads only the first line of slipway's stdout, so an answer printed over several lines (as the real CLI may) is lost on it: it takes slipway for a foreign executable and never starts the Run. Trips slipway-host/goal-file. Scenarios: space-in-path.
import { base, start } from "./_host.mjs";

const firstLine = (r) => ({
  ...r,
  stdout: (r.stdout ?? "").split("\n")[0],
  stderr: (r.stderr ?? "").split("\n")[0],
});
start({
  slipway: (argv, input) => firstLine(base.slipway(argv, input)),
});
