import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { conform } from "../src/conform.js";
import { suites } from "../src/suites/index.js";
import type { Suite } from "../src/suites/suite.js";

/**
 * Every fake of every suite (`conformance/<suite>/fakes/*`, not `_helpers`) must be caught by the
 * check its first line names: `// Fault: …. Trips <suite>/<check>.` A fake without that line, or
 * naming a check its suite does not have, fails here rather than being skipped.
 */
const root = join(import.meta.dirname, "..", "..", "..");
const fast = { timeouts: { idleMs: 800, capMs: 5000 }, exitMs: 1500, maxCases: 6 };
// an HTTP suite's fakes are servers: keel picks the port, the test owns the database folder; a smaller
// load (160 publishes) still has 16 writers in flight, and each request may take the loaded box's time
const scratch = mkdtempSync(join(tmpdir(), "keel-fakes-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let dbs = 0;
const atScale = new Set(["myrmo/load-nothing-lost", "myrmo/durable-after-kill"]);
const targetFor = (suite: Suite, path: string) =>
  suite.targets.includes("url")
    ? `node ${path} --port {port} --db ${join(scratch, `${++dbs}.sqlite`)}`
    : `node ${path}`;
const optionsFor = (suite: Suite) =>
  suite.targets.includes("url")
    ? { ...fast, timeouts: { idleMs: 10_000, capMs: 30_000 }, maxRequests: 160 }
    : fast;

const cases = suites.flatMap((suite) => {
  const dir = join(root, "conformance", suite.name, "fakes");
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => !f.startsWith("_") && !f.endsWith(".md"))
    .map((file) => {
      const first = readFileSync(join(dir, file), "utf8").split("\n")[0] ?? "";
      const check = /Trips ([a-z-]+\/[a-z-]+)\./.exec(first)?.[1];
      return { suite, label: `${suite.name}/${file}`, path: join(dir, file), check };
    });
});

describe("fakes", () => {
  it("every fake names a check of its suite", () => {
    expect(cases.length).toBeGreaterThanOrEqual(20);
    const unnamed = cases.filter((c) => !c.check || !c.suite.checks.some((k) => k.name === c.check));
    expect(unnamed.map((c) => c.label)).toEqual([]);
  });

  const run = async ({ suite, path, check }: (typeof cases)[number]) => {
    const report = await conform({ suite: suite.name, target: targetFor(suite, path), ...optionsFor(suite) });
    const failed = report.checks.filter((c) => c.status === "fail").map((c) => c.name);
    expect(failed).toContain(check);
    expect(report.passed).toBe(false);
    // a colony fake fails its check and nothing else, except the checks that publish and read back at
    // scale, which any lost, changed or refused write also fails
    if (suite.name === "myrmo") expect(failed.filter((c) => c !== check && !atScale.has(c))).toEqual([]);
  };
  // the studies one after another (their timeouts are tight); the colonies, servers on their own ports, four at once
  it.each(cases.filter((c) => !c.suite.targets.includes("url")))(
    "catches $label with its named check",
    { timeout: 30_000 },
    run,
  );
  it.concurrent.each(cases.filter((c) => c.suite.targets.includes("url")))(
    "catches $label with its named check",
    { timeout: 120_000 },
    run,
  );
});

// the faultless colonies pass everything: the fakes' base (keel's reference behind their proxy) and the
// reference colony itself, at the full default load
describe("the reference colony", () => {
  const myrmo = suites.find((s) => s.name === "myrmo") as Suite;
  const base = join(root, "conformance", "myrmo", "fakes", "_reference.mjs");
  const bin = join(root, "packages", "reference", "dist", "bin", "colony.js");
  it.each([
    { label: "behind the fakes' proxy", target: targetFor(myrmo, base), options: optionsFor(myrmo) },
    {
      label: "keel-colony",
      target: `node ${bin} --log-level silent --port {port} --db ${join(scratch, "ref.sqlite")}`,
      options: {},
    },
  ])("passes every check: $label", { timeout: 90_000 }, async ({ target, options }) => {
    const report = await conform({ suite: "myrmo", target, ...options });
    const notPassed = report.checks.filter((c) => c.status !== "pass").map((c) => `${c.name}: ${c.reason}`);
    expect(notPassed).toEqual([]);
  });
});
