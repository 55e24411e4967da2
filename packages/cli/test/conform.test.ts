import { readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../../../tools/test-kit/temp-dirs.js";
import { runMain as keel, repoRoot } from "./harness.js";

const fakes = join(repoRoot, "conformance", "mira", "fakes");
const study = `node ${join(repoRoot, "packages", "reference", "dist", "bin", "mira-study.js")}`;

describe("keel conform mira", () => {
  it("passes the reference study on every check it advertises, and replays the golden exchanges", async () => {
    const r = await keel([
      "conform",
      "mira",
      "--target",
      study,
      "--golden",
      "conformance/mira/exchanges",
      "--max-cases",
      "200",
    ]);
    expect(r.err).toBe("");
    expect(r.out).toMatch(/PASS \d+ passed, 0 failed, 0 warned, 0 blocked, 0 skipped/);
    expect(r.out).toContain("ok    exchange/run-greet");
    expect(r.code).toBe(0);
  });

  it("draws a progress line on stderr when it is a terminal, and erases it before the report", async () => {
    const r = await keel(
      ["conform", "mira", "--target", study, "--golden", "conformance/mira/exchanges"],
      true,
    );
    expect(r.code).toBe(0);
    const clear = "\r\x1b[K";
    expect(r.err.startsWith(`${clear}1/`)).toBe(true);
    expect(r.err).toMatch(/1\/\d+ checks decided · mira\/[a-z-]+/);
    expect(r.err).toContain("\r\x1b[Kexchange 1/5 · recorded-list");
    expect(r.err.endsWith("\r\x1b[K")).toBe(true);
    expect(r.out).not.toContain("\x1b");
  });

  it("shows expected vs actual for a golden exchange that no longer matches", async () => {
    const dir = tempDir("keel-golden-");
    const golden = JSON.parse(
      readFileSync(join(repoRoot, "conformance/mira/exchanges/run-greet.json"), "utf8"),
    );
    golden.steps[3].expect.match.result.sample = "bye";
    writeFileSync(join(dir, "run-greet.json"), JSON.stringify(golden));
    const r = await keel(["conform", "mira", "--target", study, "--golden", dir]);
    expect(r.code).toBe(1);
    expect(r.out).toContain("FAIL  exchange/run-greet");
    expect(r.out).toContain('step 3 at /result/sample: expected "bye", actual "hi"');
    rmSync(dir, { recursive: true });
  });

  it("exits 1 on a failing study with expected vs actual, and writes every report under --out", async () => {
    const out = tempDir("keel-conform-");
    const r = await keel([
      "conform",
      "mira",
      "--target",
      `node ${join(fakes, "no-echo.mjs")}`,
      "--format",
      "pretty,json,junit,sarif,github",
      "--out",
      out,
    ]);
    expect(r.code).toBe(1);
    expect(r.out).toContain("FAIL  mira/run-echo");
    expect(r.out).toContain('expected: {"trials":2,"seed":7}');
    expect(JSON.parse(readFileSync(join(out, "report.json"), "utf8")).counts.fail).toBe(1);
    expect(readFileSync(join(out, "junit.xml"), "utf8")).toContain(
      '<testcase classname="keel.conform.mira" name="mira/run-echo">',
    );
    const sarif = JSON.parse(readFileSync(join(out, "report.sarif"), "utf8"));
    expect(sarif.version).toBe("2.1.0");
    expect(sarif.runs[0].results.map((x: { ruleId: string }) => x.ruleId)).toEqual(["mira/run-echo"]);
    // github annotations go to stdout, where the Actions runner reads them
    expect(r.out).toMatch(/^::error title=keel conform mira\/run-echo::run e\/s0@sim#0 does not echo/m);
    rmSync(out, { recursive: true });
  });

  it("takes --format json as the one option name (--reporter is its alias)", async () => {
    const target = ["--target", `node ${join(fakes, "no-echo.mjs")}`];
    for (const flag of ["--format", "--reporter"]) {
      const r = await keel(["conform", "mira", ...target, flag, "json"]);
      expect(r.code).toBe(1);
      expect(JSON.parse(r.out).counts.fail).toBe(1);
    }
  });

  it("honours an expected-failures baseline, and fails a listed check that passes now", async () => {
    const fake = ["--target", `node ${join(fakes, "no-echo.mjs")}`];
    const ok = await keel([
      "conform",
      "mira",
      ...fake,
      "--baseline",
      "conformance/mira/baselines/fake-no-echo.yaml",
    ]);
    expect(ok.out).toContain("xfail mira/run-echo");
    expect(ok.out).toMatch(/1 expected failures/);
    expect(ok.code).toBe(0);
    const stale = await keel([
      "conform",
      "mira",
      "--target",
      study,
      "--baseline",
      "conformance/mira/baselines/fake-no-echo.yaml",
    ]);
    expect(stale.out).toContain("FAIL  mira/run-echo");
    expect(stale.out).toContain("passes now: remove it from the baseline");
    expect(stale.code).toBe(1);
  });

  it("records golden exchanges that replay green against the study they came from", async () => {
    const dir = tempDir("keel-record-");
    const rec = await keel(["record", "mira", "--target", study, "--out", dir]);
    expect(rec.code).toBe(0);
    const files = readdirSync(dir).sort();
    expect(files).toEqual([
      "recorded-list.json",
      "recorded-run-arith.json",
      "recorded-run-greet.json",
      "recorded-unknown-method.json",
    ]);
    const run = JSON.parse(readFileSync(join(dir, "recorded-run-greet.json"), "utf8"));
    expect(run.steps[3].expect.match.id).toEqual({ $capture: "runId" });
    expect(run.steps[3].expect.notifications.first).toEqual({ params: { kind: "started" } });
    const replay = await keel(["conform", "mira", "--target", study, "--golden", dir]);
    expect(replay.out).toContain("ok    exchange/recorded-run-arith");
    expect(replay.code).toBe(0);
    rmSync(dir, { recursive: true });
  });

  it("exits 2 when the target cannot start or the usage is wrong", async () => {
    const missing = await keel(["conform", "mira", "--target", "keel-no-such-command-here"]);
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/^keel: the target could not be started/);
    expect((await keel(["conform", "mira", "--target", study, "--reporter", "tap"])).code).toBe(2);
    expect((await keel(["conform", "mira", "--target", study, "--format", "tap"])).code).toBe(2);
    const url = await keel(["conform", "mira", "--target", "http://127.0.0.1:9/"]);
    expect([url.code, url.err]).toEqual([
      2,
      "keel: expected --target for the mira suite to be a Mira study (rpc-stdio: --target is the command that starts it), found http://127.0.0.1:9/\n",
    ]);
    const silent = await keel(["conform", "mira", "--target", 'node -e "process.exit(3)"']);
    expect([silent.code, silent.err]).toEqual([
      2,
      "keel: the target could not be started (the implementation exited with code 3): no output\n",
    ]);
    expect((await keel(["record", "myrmo", "--target", study, "--out", "x"])).code).toBe(2);
    expect((await keel(["conform", "mira", "--target", study, "--max-cases", "0"])).code).toBe(2);
    expect((await keel(["conform", "myrmo", "--target", study])).code).toBe(2);
    expect((await keel(["conform", "mira"])).code).toBe(2);
    expect((await keel(["conform", "mira", "--target", study, "--baseline", "nope.yaml"])).code).toBe(2);
  });
});
