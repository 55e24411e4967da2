import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadSide, runCompat } from "../src/index.js";
import { loadFaker } from "../src/witness/faker.js";
import { registry, root, shared } from "./helpers.js";
import { runOracle } from "./oracle/oracle.js";

const gen = await loadFaker();

/**
 * The instance oracle over every protocol's own history: each latest release against the working tree,
 * Mira's releases, and the upstream Slipway and Mira histories in ../shared/reference. No document may
 * contradict a verdict of "compatible"; unproven "breaking" claims are listed in the failure message.
 */
const protocols = Object.keys(registry.protocols);
const slipway = registry.protocols.slipway?.facts.upstreamHistory as {
  order: string[];
  files: Record<string, string>;
};
const ref = (p: string, f: string) => join(shared, "reference", p, f);
const pairs: Array<[string, string, string]> = [
  ...protocols.map((p) => {
    const released = registry.protocols[p]?.released ?? [];
    return [p, released.at(-1)?.version ?? "working", "working"] as [string, string, string];
  }),
  ["mira", "1.0", "1.1"],
  ["mira", ref("mira", "history/schema.v1.0.at-3d9fc22.json"), ref("mira", "schema.json")],
  ...slipway.order
    .slice(1)
    .map(
      (to, i) =>
        [
          "slipway",
          ref("slipway", slipway.files[slipway.order[i] as string] as string),
          ref("slipway", slipway.files[to] as string),
        ] as [string, string, string],
    ),
];

describe("instance oracle on the protocols' histories", () => {
  it.each(pairs)(
    "%s %s → %s",
    (protocol, from, to) => {
      const report = runCompat({ root, registry, protocol, cwd: root, from, to });
      const o = { root, registry, protocol, cwd: root };
      const older = loadSide(from, o).set;
      const newer = loadSide(to, o).set;
      const types = registry.protocols[protocol]?.documentTypes ?? {};
      const roots = Object.values(types).map((t) => ({
        file: t.schema,
        pointer: t.pointer.replace(/^#/, ""),
      }));
      const r = runOracle(gen, older, newer, report.findings, roots);
      expect(r.falseCompatible.slice(0, 3)).toEqual([]);
    },
    120_000,
  );
});
