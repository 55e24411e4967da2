import { registryEntry } from "@keel/slipway";
import type { Suite } from "../suite.js";
import { slipwayChecks } from "./checks.js";
import { slipwayDriver } from "./driver.js";
import { recordSlipway } from "./record.js";
import { runSlipwaySuite } from "./suite.js";

/** `keel conform slipway`: a slipway (machine protocol v2), one process per call. */
export const slipwaySuite: Suite = {
  name: "slipway",
  protocol: "slipway",
  channel: "cli",
  summary: 'a slipway (cli: --target is the command keel calls as slipway, e.g. "/usr/local/bin/slipway")',
  entry: registryEntry,
  checks: slipwayChecks,
  targets: ["argv", "shell"],
  reference: {
    target: "node packages/reference/dist/bin/slipway.js",
    golden: "conformance/slipway/exchanges",
  },
  // `keel record slipway … run --budget 4 --json …`: the words keel does not take are the slipway's, in order
  recording: {
    args: "the slipway arguments to record, after -- or after keel's options (@workspace@ / @session@ are a fresh workspace and the folder beside it); keel then follows next to the end",
  },
  // a slipway call is a whole process (about 0.5 s on a loaded machine): each may take up to 15 s, and the
  // fakes run at once, so that the one that hangs costs its 15 s once; a fake fails exactly its check
  testing: {
    fake: "node {fake}",
    loaded: { timeouts: { idleMs: 15_000, capMs: 30_000 } },
    concurrent: true,
    alone: {},
  },
  run: runSlipwaySuite,
  open: slipwayDriver,
  record: recordSlipway,
};
