import { registryEntry } from "@keel/myrmo";
import type { Suite } from "../suite.js";
import { myrmoChecks } from "./checks.js";
import { colonyDriver } from "./driver.js";
import { recordMyrmo } from "./record.js";
import { runMyrmoSuite } from "./suite.js";

/** `keel conform myrmo`: a Myrmo colony over HTTP. */
export const myrmoSuite: Suite = {
  name: "myrmo",
  protocol: "myrmo",
  summary:
    'a Myrmo colony (http: --target is its URL, or a command with {port}, e.g. "node colony.js --port {port}")',
  entry: registryEntry,
  checks: myrmoChecks,
  targets: ["url", "argv", "shell"],
  reference: {
    target:
      "node packages/reference/dist/bin/colony.js --log-level silent --port {port} --db {dir}/colony.sqlite",
    golden: "conformance/myrmo/exchanges",
  },
  run: runMyrmoSuite,
  open: colonyDriver,
  record: recordMyrmo,
};
