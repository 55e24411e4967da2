import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { conform } from "../../src/conform.js";
import { suites } from "../../src/suites/index.js";
import { TIMEOUT } from "../../src/verdicts.js";
import { type FakeCase, fakeCases, root } from "./cases.js";
import { loadTheMachine } from "./loaded.js";

const fast = { timeouts: { idleMs: 1500, capMs: 5000 }, exitMs: 1500, maxCases: 6, cwd: root };

/**
 * Every fake of one suite, on a loaded machine, must be caught by the check its first line names
 * (cases.ts): a `Trips` fake fails it (and, for a suite whose fakes fail their check alone, nothing else),
 * a `Warns` fake warns on it and fails under --strict, a `Blocks` fake leaves it blocked by --timeout.
 */
export function soakFakes(suiteName: string): void {
  const suite = suites.find((s) => s.name === suiteName);
  if (!suite) throw new Error(`no suite ${suiteName}`);
  const cases = fakeCases(suite);
  loadTheMachine();
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
  const { testing } = suite;
  const conformFake = (c: FakeCase, strict = false) => {
    const { timeouts, own } = testing.loaded ?? {};
    return conform({
      ...fast,
      ...(timeouts ? { timeouts } : {}),
      ...(strict ? { strict } : {}),
      suite: suite.name,
      target: fill(testing.fake, c.path),
      own: { ...fillAll(testing.needs), ...fillAll(own), ...c.own },
    });
  };

  const run = async (c: FakeCase) => {
    const { check } = c;
    const report = await conformFake(c);
    const failed = report.checks.filter((k) => k.status === "fail").map((k) => k.name);
    // a failing name with its reason, so a verdict that moved says why
    const why = (name: string) =>
      `${name}: ${report.checks.find((k) => k.name === name)?.reason ?? ""}`.slice(0, 600);
    // nothing failed: say what happened instead (the target did not start, checks blocked and why)
    const instead = [
      report.couldNotStart,
      ...report.checks
        .filter((k) => k.status === "blocked")
        .map((k) => `${k.name} blocked: ${k.reason ?? ""}`),
    ]
      .filter(Boolean)
      .join("\n")
      .slice(0, 1500);
    expect(failed.map(why), instead).toContainEqual(expect.stringMatching(new RegExp(`^${check}: `)));
    expect(report.passed).toBe(false);
    // a suite whose fakes fail their check alone (Suite.testing.alone): nothing else fails but the checks
    // any fault fails too; a fake that stops the implementation may fail one more and blocks the rest
    const alone = testing.alone;
    if (!alone) return;
    const others = failed.filter((k) => k !== check && !alone.besides?.includes(k));
    if (check === alone.stops) {
      expect(others.length, others.map(why).join("\n")).toBeLessThanOrEqual(1);
      expect(report.counts.blocked).toBeGreaterThan(0);
    } else expect(others.map(why)).toEqual([]);
  };

  describe(`${suite.name} fakes, the machine loaded`, () => {
    // a concurrent suite's fakes run at once (servers on their own ports, a process per call)
    const trips = cases.filter((c) => !c.warns && !c.blocks);
    if (testing.concurrent) it.concurrent.each(trips)("catches $label with its named check", run);
    else it.each(trips)("catches $label with its named check", run);

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
        const lenient = await conformFake(c);
        expect(lenient.checks.filter((k) => k.status === "fail").map((k) => k.name)).toEqual([]);
        const warned = lenient.checks
          .filter((k) => k.status === "warn" || k.warnings?.length)
          .map((k) => k.name);
        expect(warned).toContain(c.check);
        const strict = await conformFake(c, true);
        expect(strict.passed).toBe(false);
        expect(
          strict.checks.filter((k) => k.status === "fail" || k.status === "warn").map((k) => k.name),
        ).toContain(c.check);
      },
    );
  });
}
