import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { conform } from "../src/conform.js";
import { suites } from "../src/suites/index.js";
import type { Suite } from "../src/suites/suite.js";

/**
 * Every fake of every suite (`conformance/<suite>/fakes/*`, not `_helpers`) must be caught by the
 * check its first line names: `// Fault: …. Trips <suite>/<check>.` (a failure) or `Warns <suite>/<check>.`
 * (a warning, a failure under --strict). A fake without that line, or naming a check its suite does not
 * have, fails here rather than being skipped.
 */
const root = join(import.meta.dirname, "..", "..", "..");
const fast = { timeouts: { idleMs: 1500, capMs: 5000 }, exitMs: 1500, maxCases: 6 };
// an HTTP suite's fakes are servers: keel picks the port, the test owns the database folder; a smaller
// load (160 publishes) still has 16 writers in flight, and each request may take the loaded box's time
const scratch = mkdtempSync(join(tmpdir(), "keel-fakes-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let dbs = 0;
const atScale = new Set(["myrmo/load-nothing-lost", "myrmo/durable-after-kill"]);
const served = (suite: Suite) => suite.targets.includes("url");
const targetFor = (suite: Suite, path: string) =>
  served(suite)
    ? `node ${path} --port {port} --db ${join(scratch, `${++dbs}.sqlite`)}`
    : hosts(suite)
      ? `node ${path} {goal}`
      : `node ${path}`;
// a slipway call is a whole process (about 0.5 s on the loaded box): each may take up to 15 s, and the
// fakes run five at once, so that the one that hangs costs its 15 s once
const perCall = (suite: Suite) => suite.name === "slipway";
// a slipway host's fakes run where keel impersonates slipway: forwarded to the reference slipway, only the
// scenarios their first line names (`Scenarios: a, b.`), each within 30 s on a loaded box
const hosts = (suite: Suite) => suite.name === "slipway-host";
const backing = `node ${join(root, "packages", "reference", "dist", "bin", "slipway.js")}`;
const optionsFor = (suite: Suite, scenarios?: string[]) =>
  served(suite)
    ? { ...fast, timeouts: { idleMs: 10_000, capMs: 30_000 }, maxRequests: 160 }
    : perCall(suite)
      ? { ...fast, timeouts: { idleMs: 15_000, capMs: 30_000 } }
      : hosts(suite)
        ? { ...fast, backing, scenarioMs: 30_000, ...(scenarios ? { scenarios } : {}) }
        : fast;

const cases = suites.flatMap((suite) => {
  const dir = join(root, "conformance", suite.name, "fakes");
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => !f.startsWith("_") && !f.endsWith(".md"))
    .map((file) => {
      const first = readFileSync(join(dir, file), "utf8").split("\n")[0] ?? "";
      const [, verb, check] = /(Trips|Warns) ([a-z-]+\/[a-z-]+)\./.exec(first) ?? [];
      const scenarios = /Scenarios: ([a-z, -]+)\./.exec(first)?.[1]?.split(", ");
      const at = {
        suite,
        label: `${suite.name}/${file}`,
        path: join(dir, file),
        check,
        warns: verb === "Warns",
      };
      return scenarios ? { ...at, scenarios } : at;
    });
});

describe("fakes", () => {
  it("every fake names a check of its suite", () => {
    expect(cases.length).toBeGreaterThanOrEqual(20);
    const unnamed = cases.filter((c) => !c.check || !c.suite.checks.some((k) => k.name === c.check));
    expect(unnamed.map((c) => c.label)).toEqual([]);
  });

  const run = async (c: (typeof cases)[number]) => {
    const { suite, path, check } = c;
    const scenarios = "scenarios" in c ? c.scenarios : undefined;
    const report = await conform({
      suite: suite.name,
      target: targetFor(suite, path),
      ...optionsFor(suite, scenarios),
    });
    const failed = report.checks.filter((c) => c.status === "fail").map((c) => c.name);
    expect(failed).toContain(check);
    expect(report.passed).toBe(false);
    // a colony fake fails its check and nothing else, except the checks that publish and read back at
    // scale, which any lost, changed or refused write also fails
    // (a colony that exits: the request that killed it may fail its own check; the rest is blocked)
    if (suite.name === "myrmo" && check?.endsWith("/stays-up")) {
      expect(failed.filter((c) => c !== check && !atScale.has(c)).length).toBeLessThanOrEqual(1);
      expect(report.counts.blocked).toBeGreaterThan(0);
    } else if (suite.name === "myrmo")
      expect(failed.filter((c) => c !== check && !atScale.has(c))).toEqual([]);
    // a slipway fake fails exactly its check
    if (perCall(suite)) expect(failed).toEqual([check]);
  };
  // the studies one after another (their timeouts are tight); the colonies, servers on their own ports, four at once
  it.each(cases.filter((c) => !c.warns && !served(c.suite) && !perCall(c.suite) && !hosts(c.suite)))(
    "catches $label with its named check",
    run,
  );
  it.concurrent.each(cases.filter((c) => !c.warns && (served(c.suite) || perCall(c.suite))))(
    "catches $label with its named check",
    run,
  );
  // the hosts one after another, after the colonies (never beside them: each scenario is a host, its shims and
  // the backing slipway's processes, and the colonies' load checks need the cores)
  it.each(cases.filter((c) => !c.warns && hosts(c.suite)))("catches $label with its named check", run);

  // a fault the protocol does not forbid outright (a SHOULD, a MAY, keel's own reading): a warning on its
  // own check — a `warn` verdict or a noted warning — and no failure; under --strict the run fails
  it.each(cases.filter((c) => c.warns))(
    "warns about $label on its named check, and fails the run under --strict",
    async (c) => {
      const { suite, path, check } = c;
      const scenarios = "scenarios" in c ? c.scenarios : undefined;
      const options = {
        suite: suite.name,
        target: targetFor(suite, path),
        ...optionsFor(suite, scenarios),
      };
      const lenient = await conform(options);
      expect(lenient.checks.filter((c) => c.status === "fail").map((c) => c.name)).toEqual([]);
      const warned = lenient.checks
        .filter((c) => c.status === "warn" || c.warnings?.length)
        .map((c) => c.name);
      expect(warned).toContain(check);
      const strict = await conform({ ...options, strict: true });
      expect(strict.passed).toBe(false);
      expect(
        strict.checks.filter((c) => c.status === "fail" || c.status === "warn").map((c) => c.name),
      ).toContain(check);
    },
  );
});
