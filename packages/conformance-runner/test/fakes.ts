import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { conform } from "../src/conform.js";
import { suites } from "../src/suites/index.js";
import type { Suite } from "../src/suites/suite.js";
import { TIMEOUT } from "../src/verdicts.js";

/**
 * Every fake of every suite (`conformance/<suite>/fakes/*`, not `_helpers`) must be caught by the
 * check its first line names: `// Fault: …. Trips <suite>/<check>.` (a failure), `Warns <suite>/<check>.`
 * (a warning, a failure under --strict) or `Blocks <suite>/<check>.` (a hang: keel stops waiting, the check
 * is blocked by --timeout and the run does not pass — keel cannot tell a hung implementation from a slow one). A fake without that line, or naming a check its suite does not
 * have, fails here rather than being skipped.
 */
const root = join(import.meta.dirname, "..", "..", "..");
const fast = { timeouts: { idleMs: 1500, capMs: 5000 }, exitMs: 1500, maxCases: 6, cwd: root };
// each suite says how its fakes run (Suite.testing); the test owns the scratch folder they write to
const scratch = mkdtempSync(join(tmpdir(), "keel-fakes-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
let made = 0;
const fill = (text: string, path: string) =>
  text
    .replaceAll("{fake}", path)
    .replaceAll("{scratch}", join(scratch, String(++made)))
    .replaceAll("{root}", root);
const fillAll = (own: Readonly<Record<string, string | number>> = {}) =>
  Object.fromEntries(Object.entries(own).map(([k, v]) => [k, typeof v === "string" ? fill(v, "") : v]));
// a fake's first line may set its suite's own options: `Scenarios: a, b.` is `--scenarios a,b`
const ownOnFirstLine = (suite: Suite, first: string) =>
  Object.fromEntries(
    (suite.flags ?? []).flatMap((f) => {
      const label = f.name.charAt(0).toUpperCase() + f.name.slice(1).replaceAll("-", " ");
      const value = new RegExp(`${label}: ([^.]+)\\.`).exec(first)?.[1];
      return value ? [[f.name, value.replaceAll(", ", ",")]] : [];
    }),
  );
const conformFake = (c: (typeof cases)[number], strict = false) => {
  const { testing } = c.suite;
  const { timeouts, own } = testing.loaded ?? {};
  return conform({
    ...fast,
    ...(timeouts ? { timeouts } : {}),
    ...(strict ? { strict } : {}),
    suite: c.suite.name,
    target: fill(testing.fake, c.path),
    own: { ...fillAll(testing.needs), ...fillAll(own), ...c.own },
  });
};

const cases = suites.flatMap((suite) => {
  const dir = join(root, "conformance", suite.name, "fakes");
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => !f.startsWith("_") && !f.endsWith(".md"))
    .map((file) => {
      const first = readFileSync(join(dir, file), "utf8").split("\n")[0] ?? "";
      const [, verb, check] = /(Trips|Warns|Blocks) ([a-z-]+\/[a-z-]+)\./.exec(first) ?? [];
      const own = ownOnFirstLine(suite, first);
      return {
        suite,
        label: `${suite.name}/${file}`,
        path: join(dir, file),
        check,
        warns: verb === "Warns",
        blocks: verb === "Blocks",
        own,
      };
    });
});

describe("fakes", () => {
  it("every fake names a check of its suite", () => {
    expect(cases.length).toBeGreaterThanOrEqual(20);
    const unnamed = cases.filter((c) => !c.check || !c.suite.checks.some((k) => k.name === c.check));
    expect(unnamed.map((c) => c.label)).toEqual([]);
  });

  const run = async (c: (typeof cases)[number]) => {
    const { suite, check } = c;
    const report = await conformFake(c);
    const failed = report.checks.filter((c) => c.status === "fail").map((c) => c.name);
    // a failing name with its reason, so a verdict that moved says why
    const why = (name: string) =>
      `${name}: ${report.checks.find((c) => c.name === name)?.reason ?? ""}`.slice(0, 600);
    expect(failed.map(why)).toContainEqual(expect.stringMatching(new RegExp(`^${check}: `)));
    expect(report.passed).toBe(false);
    // a suite whose fakes fail their check alone (Suite.testing.alone): nothing else fails but the checks
    // any fault fails too; a fake that stops the implementation may fail one more and blocks the rest
    const alone = suite.testing.alone;
    if (!alone) return;
    const others = failed.filter((c) => c !== check && !alone.besides?.includes(c));
    if (check === alone.stops) {
      expect(others.length, others.map(why).join("\n")).toBeLessThanOrEqual(1);
      expect(report.counts.blocked).toBeGreaterThan(0);
    } else expect(others.map(why)).toEqual([]);
  };
  // in the suites' order, each suite's fakes one after another, or at once with the next concurrent suite's
  // (servers on their own ports, a process per call): the studies' tight timeouts alone, the hosts after
  // the colonies (each scenario is a host, its shims and the backing slipway's processes)
  for (const suite of suites) {
    const mine = cases.filter((c) => !c.warns && !c.blocks && c.suite === suite);
    if (mine.length === 0) continue;
    if (suite.testing.concurrent) it.concurrent.each(mine)("catches $label with its named check", run);
    else it.each(mine)("catches $label with its named check", run);
  }

  it.each(cases.filter((c) => c.blocks))(
    "stops waiting on $label: its named check blocked by --timeout, nothing failed on it",
    async (c) => {
      const report = await conformFake(c);
      expect(report.checks.find((k) => k.name === c.check)).toMatchObject({
        status: "blocked",
        blockedBy: TIMEOUT,
      });
      expect(report.passed).toBe(false);
      expect(report.checks.filter((k) => k.status === "fail").map((k) => `${k.name}: ${k.reason}`)).toEqual(
        [],
      );
    },
  );

  // a fault the protocol does not forbid outright (a SHOULD, a MAY, keel's own reading): a warning on its
  // own check — a `warn` verdict or a noted warning — and no failure; under --strict the run fails
  it.each(cases.filter((c) => c.warns))(
    "warns about $label on its named check, and fails the run under --strict",
    async (c) => {
      const { check } = c;
      const lenient = await conformFake(c);
      expect(lenient.checks.filter((c) => c.status === "fail").map((c) => c.name)).toEqual([]);
      const warned = lenient.checks
        .filter((c) => c.status === "warn" || c.warnings?.length)
        .map((c) => c.name);
      expect(warned).toContain(check);
      const strict = await conformFake(c, true);
      expect(strict.passed).toBe(false);
      expect(
        strict.checks.filter((c) => c.status === "fail" || c.status === "warn").map((c) => c.name),
      ).toContain(check);
    },
  );
});
