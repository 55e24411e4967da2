import { ConformError } from "../conform-error.js";
import { miraSuite } from "./mira/index.js";
import { myrmoSuite } from "./myrmo/index.js";
import { slipwaySuite } from "./slipway/index.js";
import { slipwayHostSuite } from "./slipway-host/index.js";
import type { Suite } from "./suite.js";
import { validatorSuite } from "./validator/index.js";

/** Every suite, by the name `keel conform <suite>` and `keel record <suite>` take. */
export const suites: readonly Suite[] = [
  miraSuite,
  myrmoSuite,
  slipwaySuite,
  slipwayHostSuite,
  validatorSuite,
];

export function findSuite(name: string): Suite {
  const suite = suites.find((s) => s.name === name);
  if (!suite)
    throw new ConformError(
      "conform/no-suite",
      `expected a conformance suite (${suites.map((s) => s.name).join(", ")}), found ${name}`,
    );
  return suite;
}
