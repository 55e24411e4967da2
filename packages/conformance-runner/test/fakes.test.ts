import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { conform } from "../src/conform.js";
import { suites } from "../src/suites/index.js";

/**
 * Every fake of every suite (`conformance/<suite>/fakes/*`, not `_helpers`) must be caught by the
 * check its first line names: `// Fault: …. Trips <suite>/<check>.` A fake without that line, or
 * naming a check its suite does not have, fails here rather than being skipped.
 */
const root = join(import.meta.dirname, "..", "..", "..");
const fast = { timeouts: { idleMs: 1500, capMs: 5000 }, exitMs: 1500, maxCases: 6 };

const cases = suites.flatMap((suite) => {
  const dir = join(root, "conformance", suite.name, "fakes");
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => !f.startsWith("_") && !f.endsWith(".md"))
    .map((file) => {
      const first = readFileSync(join(dir, file), "utf8").split("\n")[0] ?? "";
      const [, verb, check] = /(Trips|Warns) ([a-z-]+\/[a-z-]+)\./.exec(first) ?? [];
      return { suite, label: `${suite.name}/${file}`, path: join(dir, file), check, warns: verb === "Warns" };
    });
});

describe("fakes", () => {
  it("every fake names a check of its suite", () => {
    expect(cases.length).toBeGreaterThanOrEqual(20);
    const unnamed = cases.filter((c) => !c.check || !c.suite.checks.some((k) => k.name === c.check));
    expect(unnamed.map((c) => c.label)).toEqual([]);
  });

  it.each(cases.filter((c) => !c.warns))(
    "catches $label with its named check",
    { timeout: 30_000 },
    async ({ suite, path, check }) => {
      const report = await conform({ suite: suite.name, target: `node ${path}`, ...fast });
      const failed = report.checks.filter((c) => c.status === "fail").map((c) => c.name);
      expect(failed).toContain(check);
      expect(report.passed).toBe(false);
    },
  );

  // a fault the protocol does not forbid outright: a warning on its own check, a failure under --strict
  it.each(cases.filter((c) => c.warns))(
    "warns about $label on its named check, and fails it under --strict",
    { timeout: 60_000 },
    async ({ suite, path, check }) => {
      const lenient = await conform({ suite: suite.name, target: `node ${path}`, ...fast });
      expect(lenient.checks.filter((c) => c.status === "fail").map((c) => c.name)).toEqual([]);
      const warned = lenient.checks.filter((c) => c.warnings?.length).map((c) => c.name);
      expect(warned).toEqual([check]);
      const strict = await conform({ suite: suite.name, target: `node ${path}`, strict: true, ...fast });
      expect(strict.checks.filter((c) => c.status === "fail").map((c) => c.name)).toEqual([check]);
    },
  );
});
