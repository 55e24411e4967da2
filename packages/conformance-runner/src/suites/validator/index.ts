import type { Suite } from "../suite.js";
import { validatorChecks } from "./checks.js";
import { runValidatorSuite } from "./suite.js";

// what tools and tests use of this suite alone (`@keel/conformance-runner/suites/validator`)
export type { Comparison, Disagreement, ProtocolOutcome } from "./compare.js";
export { validatorRequirements } from "./requirements.js";
export { compareTarget } from "./suite.js";
export { adapterRows, renderTable, type TableRow } from "./table.js";

/**
 * `keel conform validator`: a JSON Schema validator library, behind an adapter on rpc-stdio
 * (docs/validator-adapters.md), against keel's verdict on every fixture, dialect probes included. It
 * spans every protocol, so it has no golden exchanges; its reference is the ajv adapter.
 */
export const validatorSuite: Suite = {
  name: "validator",
  protocol: "validator",
  channel: "rpc-stdio",
  summary:
    "a JSON Schema validator behind an adapter (rpc-stdio: --target is the command that starts the adapter)",
  entry: {},
  checks: validatorChecks,
  targets: ["argv", "shell"],
  reference: { target: "node conformance/validator/adapters/ajv/adapter.mjs" },
  // each fake answers (or not) the whole corpus alone
  testing: { fake: "node {fake}" },
  run: runValidatorSuite,
  open: () => ({
    close: async () => {},
  }),
};
