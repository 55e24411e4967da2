import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { conform } from "../src/conform.js";
import { suites } from "../src/suites/index.js";

/**
 * The clean-room peers (`conformance/<suite>/peers/<name>/`, written from the protocol documents alone):
 * each passes its suite with the default settings — warnings allowed, no failure, nothing blocked. Where a
 * peer and keel disagreed, the requirement text settled it (each peer's README, "keel's verdict").
 * `peer.json` gives the target; `{peer}` is the peer's folder. The Python peers need Debian's
 * /usr/bin/python3 (and python3-jsonschema).
 */
const root = join(import.meta.dirname, "..", "..", "..");
const backing = `node ${join(root, "packages", "reference", "dist", "bin", "slipway.js")}`;
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
  it("one at least for the study, colony and host suites", () => {
    expect(peers.map((p) => p.suite.name).sort()).toEqual(
      expect.arrayContaining(["mira", "myrmo", "slipway-host"]),
    );
  });

  // one after another: the colony's load check and the host's scenarios each need the cores
  it.each(peers)("$label passes its suite with the default settings", async (p) => {
    const report = await conform({
      suite: p.suite.name,
      target: p.target,
      cwd: root,
      ...(p.suite.name === "slipway-host" ? { backing } : {}),
    });
    expect(report.couldNotStart).toBeUndefined();
    const wrong = report.checks.filter((c) => c.status === "fail" || c.status === "blocked");
    expect(wrong.map((c) => `${c.name}: ${c.reason}`)).toEqual([]);
    expect(report.passed).toBe(true);
  });
});
