import { registryEntry } from "@keel/mira";
import type { Suite } from "../suite.js";
import { miraChecks } from "./checks.js";
import { recordMira } from "./record.js";
import { studyDriver } from "./study.js";
import { runMiraSuite } from "./suite.js";

/** `keel conform mira`: a Mira study over rpc-stdio. */
export const miraSuite: Suite = {
  name: "mira",
  protocol: "mira",
  channel: "rpc-stdio",
  summary: "a Mira study (rpc-stdio: --target is the command that starts it)",
  entry: registryEntry,
  checks: miraChecks,
  targets: ["argv", "shell"],
  reference: {
    target: "node packages/reference/dist/bin/mira-study.js",
    golden: "conformance/mira/exchanges",
  },
  // the studies' fakes one after another: their timeouts are tight
  testing: { fake: "node {fake}" },
  run: runMiraSuite,
  open: studyDriver,
  record: recordMira,
};
