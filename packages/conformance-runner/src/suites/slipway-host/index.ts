import { ConformError } from "../../conform-error.js";
import type { Suite } from "../suite.js";
import { hostChecks } from "./checks.js";
import { hostScenarios } from "./scenarios.js";
import { runHostSuite } from "./suite.js";

// what the host bench (tools/bench/slipway-host.bench.mjs) drives directly: `@keel/conformance-runner/suites/slipway-host`
export { type HostScenario, hostScenarios } from "./scenarios.js";
export { runScenario, type ScenarioLog } from "./session.js";

/** `keel conform slipway-host`: keel impersonates slipway and judges the agent harness that drives it. */
export const slipwayHostSuite: Suite = {
  name: "slipway-host",
  protocol: "slipway",
  channel: "served",
  summary:
    'a slipway host (the agent harness): a command started in a fresh workspace with keel\'s `slipway` first on PATH, e.g. "node host.js --goal {goal}"',
  // slipway's registry consumer (schemas/registry.json); written out so that importing the suite registry
  // does not load @keel/slipway (seconds on a busy box) for every `keel conform` — and this suite replays no goldens
  entry: { consumer: "strict" },
  checks: hostChecks,
  units: { option: "scenarios", names: hostScenarios.map((s) => s.name) },
  targets: ["argv", "shell"],
  reference: { target: "node packages/reference/dist/bin/slipway-host.js --goal {goal}" },
  flags: [
    {
      name: "backing",
      kind: "text",
      description: "the slipway the host's calls are forwarded to (default: keel's reference slipway)",
      default: { package: "@keel/reference", bin: "keel-slipway" },
    },
    {
      name: "scenario-timeout",
      kind: "positive",
      description: "the limit of one scenario, host start to exit, in ms",
      default: 60_000,
    },
    { name: "scenarios", kind: "names", description: "run only these scenarios (comma-separated)" },
  ],
  // the fakes take the goal as their argument and name their scenarios on their first line (`Scenarios: a, b.`)
  testing: {
    fake: "node {fake} {goal}",
    needs: { backing: "node {root}/packages/reference/dist/bin/slipway.js" },
    loaded: { own: { "scenario-timeout": 30_000 } },
  },
  run: runHostSuite,
  open: () => {
    throw new ConformError("conform/no-golden", "the slipway-host suite replays no golden exchanges");
  },
};
