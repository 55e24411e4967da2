import { ConformError } from "../../conform-error.js";
import type { Suite } from "../suite.js";
import { hostChecks } from "./checks.js";
import { hostScenarios } from "./scenarios.js";
import { runHostSuite } from "./suite.js";

/** `keel conform slipway-host`: keel impersonates slipway and judges the agent harness that drives it. */
export const slipwayHostSuite: Suite = {
  name: "slipway-host",
  protocol: "slipway",
  summary:
    'a slipway host (the agent harness): a command started in a fresh workspace with keel\'s `slipway` first on PATH, e.g. "node host.js --goal {goal}"',
  // slipway's registry consumer (schemas/registry.json); written out so that importing the suite registry
  // does not load @keel/slipway (seconds on a busy box) for every `keel conform` — and this suite replays no goldens
  entry: { consumer: "strict" },
  checks: hostChecks,
  units: hostScenarios.map((s) => s.name),
  targets: ["argv", "shell"],
  reference: { target: "node packages/reference/dist/bin/slipway-host.js --goal {goal}" },
  run: runHostSuite,
  open: () => {
    throw new ConformError("conform/no-golden", "the slipway-host suite replays no golden exchanges");
  },
};
