import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { conform } from "../src/conform.js";
import { suites } from "../src/suites/index.js";
import type { Suite } from "../src/suites/suite.js";

/**
 * The clean-room peers (`conformance/<suite>/peers/<name>/`, written from the protocol documents alone):
 * each passes its suite with the default settings — warnings allowed, no failure, nothing blocked. Where a
 * peer and keel disagreed, the requirement text settled it (each peer's README, "keel's verdict").
 * `peer.json` gives the target; `{peer}` is the peer's folder. The Python peers need Debian's
 * /usr/bin/python3 (and python3-jsonschema).
 */
const root = join(import.meta.dirname, "..", "..", "..");
// the own options every test run of a suite needs (Suite.testing.needs: the host suite's backing slipway)
const needs = (suite: Suite) =>
  Object.fromEntries(
    Object.entries(suite.testing.needs ?? {}).map(([k, v]) => [
      k,
      typeof v === "string" ? v.replaceAll("{root}", root) : v,
    ]),
  );
const peers = suites.flatMap((suite) => {
  const dir = join(root, "conformance", suite.name, "peers");
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => {
      const folder = join(dir, d.name);
      const { target } = JSON.parse(readFileSync(join(folder, "peer.json"), "utf8")) as { target: string };
      return { suite, label: `${suite.name}/${d.name}`, target: target.replaceAll("{peer}", folder) };
    });
});

describe("clean-room peers", () => {
  it("one at least for three suites (a peers folder left empty fails here, not silently)", () => {
    expect(new Set(peers.map((p) => p.suite.name)).size).toBeGreaterThanOrEqual(3);
  });

  // one after another: the colony's load check and the host's scenarios each need the cores
  it.each(peers)("$label passes its suite with the default settings", async (p) => {
    const report = await conform({
      suite: p.suite.name,
      target: p.target,
      cwd: root,
      own: needs(p.suite),
    });
    expect(report.couldNotStart).toBeUndefined();
    const wrong = report.checks.filter((c) => c.status === "fail" || c.status === "blocked");
    expect(wrong.map((c) => `${c.name}: ${c.reason}`)).toEqual([]);
    expect(report.passed).toBe(true);
  });
});
