import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../../../tools/test-kit/temp-dirs.js";
import { conform } from "./conform.js";
import { findSuite } from "./suites/index.js";

const root = join(import.meta.dirname, "..", "..", "..");
const reference = join(root, "packages", "reference", "dist", "bin", "slipway.js");

describe("conform --shard on a suite that declares its units", () => {
  it("runs only the shard's units, through the option the suite names, and reports them as <option>/<name>", async () => {
    const suite = findSuite("slipway-host");
    const units = suite.units;
    if (!units) throw new Error("expected the host suite to declare its units");
    // a host that only says it started (one line per start) and exits
    const dir = tempDir("keel-shard-run-");
    const starts = join(dir, "starts.log");
    const host = join(dir, "host.cjs");
    writeFileSync(host, `require("node:fs").appendFileSync(${JSON.stringify(starts)}, "started\\n");`);
    writeFileSync(starts, "");
    const total = units.names.length;
    const report = await conform({
      suite: suite.name,
      target: `node ${host}`,
      cwd: root,
      own: { backing: `node ${reference}`, "scenario-timeout": 30_000 },
      timeouts: { idleMs: 5000, capMs: 30_000 },
      shard: { index: 2, total },
    });
    expect(report.shard).toEqual({
      index: 2,
      total,
      units: [`${units.option}/${units.names[1]}`],
      runsSuite: true,
    });
    expect(readFileSync(starts, "utf8")).toBe("started\n");
  });
});
