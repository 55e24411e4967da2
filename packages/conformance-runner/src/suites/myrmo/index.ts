import { registryEntry } from "@keel/myrmo";
import type { Suite } from "../suite.js";
import { myrmoChecks } from "./checks.js";
import { colonyDriver } from "./driver.js";
import { perWriter, writers } from "./phase-load.js";
import { recordMyrmo } from "./record.js";
import { runMyrmoSuite } from "./suite.js";

/** `keel conform myrmo`: a Myrmo colony over HTTP. */
export const myrmoSuite: Suite = {
  name: "myrmo",
  protocol: "myrmo",
  channel: "http",
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
  flags: [
    {
      name: "max-requests",
      kind: "positive",
      description: `send at most n publishes in a load check (${writers} writers × ${perWriter})`,
      default: writers * perWriter,
    },
  ],
  recording: {
    flags: [
      {
        name: "listen",
        kind: "port",
        description: "record as a reverse proxy on this port (0: any) until interrupted",
        default: 0,
      },
    ],
  },
  // a colony fake is a server: keel picks the port, the test owns the database; a smaller load (160 publishes)
  // still has 16 writers in flight, and each request may take a loaded machine's time. A fake fails its
  // check and nothing else, but for the checks that publish and read back at scale (any lost, changed or
  // refused write fails them); a colony that exits may fail one more (the request that killed it)
  testing: {
    fake: "node {fake} --port {port} --db {scratch}.sqlite",
    loaded: { timeouts: { idleMs: 10_000, capMs: 30_000 }, own: { "max-requests": 160 } },
    concurrent: true,
    alone: { besides: ["myrmo/load-nothing-lost", "myrmo/durable-after-kill"], stops: "myrmo/stays-up" },
  },
  run: runMyrmoSuite,
  open: colonyDriver,
  record: recordMyrmo,
};
