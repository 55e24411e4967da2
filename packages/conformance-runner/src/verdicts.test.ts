import { describe, expect, it } from "vitest";
import { requirement } from "./requirements.js";
import { suites } from "./suites/index.js";
import { checkOf } from "./suites/kit/check.js";
import { TIMEOUT, unanswered, Verdicts } from "./verdicts.js";

const check = checkOf("mira");
const catalogue = [
  check("a", ["mira/run-echo"], "a MUST"),
  check("b", ["mira/run-echo"], "a MUST"),
  check("c", ["mira/run-echo"], "a MUST"),
  check("d", ["mira/run-echo"], "a MUST"),
  check("e", ["mira/evals-count"], "keel's reading only"),
  check("f", ["mira/error-on-failed-request", "mira/error-code-class"], "a MUST and a SHOULD"),
];
const byName = (v: Verdicts) => Object.fromEntries(v.list().map((r) => [r.name, r]));

describe("Verdicts", () => {
  it("keeps the first failure, counts the rest, and skips what nothing reached", () => {
    const v = new Verdicts(catalogue);
    v.pass("mira/a");
    v.fail("mira/a", "first", { expected: "1", actual: "2" });
    v.pass("mira/a");
    v.fail("mira/a", "second");
    v.skip("mira/b", "capability paginate not advertised");
    v.pass("mira/b"); // a pass after a skip means some case reached it
    v.skip("mira/c", "capability cancel not advertised");
    const r = byName(v);
    expect(r["mira/a"]).toMatchObject({
      status: "fail",
      reason: "first",
      expected: "1",
      actual: "2",
      failures: 2,
    });
    expect(r["mira/a"]?.grounds?.[0]).toMatchObject({ id: "mira/run-echo", level: "MUST" });
    expect(r["mira/a"]?.grounds?.[0]?.quote).toContain("echoes");
    expect(r["mira/b"]?.status).toBe("pass");
    expect(r["mira/c"]).toMatchObject({ status: "skip", reason: "capability cancel not advertised" });
    expect(r["mira/d"]).toMatchObject({ status: "skip", reason: "not reached" });
  });

  it("a failure resting on keel's reading or a SHOULD is a warning; a MUST failure outranks it", () => {
    const v = new Verdicts(catalogue);
    v.fail("mira/e", "count differs");
    v.fail("mira/f", "code 0, expected -32601", { rests: ["mira/error-code-class"] });
    expect(byName(v)["mira/e"]?.status).toBe("warn");
    expect(byName(v)["mira/f"]?.status).toBe("warn");
    v.fail("mira/f", "a result where an error is due", { rests: ["mira/error-on-failed-request"] });
    expect(byName(v)["mira/f"]).toMatchObject({ status: "fail", reason: "a result where an error is due" });
    v.fail("mira/f", "code 0 again", { rests: ["mira/error-code-class"] });
    expect(byName(v)["mira/f"]?.reason).toBe("a result where an error is due");
  });

  it("blocked is its own status, naming what blocked it; a decided check keeps its verdict", () => {
    const v = new Verdicts(catalogue);
    v.pass("mira/a");
    v.blockRest("the colony exited (code 3) after 150 requests", "not judged: the implementation is gone");
    expect(byName(v)["mira/a"]?.status).toBe("pass");
    expect(byName(v)["mira/b"]).toMatchObject({
      status: "blocked",
      blockedBy: "the colony exited (code 3) after 150 requests",
    });
  });

  it("an answer keel stopped waiting for blocks the check by --timeout, even after passes; a finding outranks it", () => {
    const v = new Verdicts(catalogue);
    v.pass("mira/a");
    v.expect("mira/a", unanswered("case 3: no response within 10000 ms"));
    v.pass("mira/a"); // a later case that answered does not hide the one keel did not judge
    v.expect("mira/b", unanswered("no response within 10000 ms"));
    v.fail("mira/b", "expected 202, found 500");
    v.fail("mira/c", "expected 202, found 500");
    v.expect("mira/c", unanswered("no response within 10000 ms"));
    const r = byName(v);
    expect(r["mira/a"]).toMatchObject({ status: "blocked", blockedBy: TIMEOUT });
    expect(r["mira/a"]?.reason).toMatch(
      /^case 3: no response within 10000 ms: keel stopped waiting.*--timeout/,
    );
    expect(r["mira/b"]).toMatchObject({ status: "fail", reason: "expected 202, found 500" });
    expect(r["mira/c"]).toMatchObject({ status: "fail", reason: "expected 202, found 500" });
    v.gone = () => ({ by: "mira/d", reason: "the study exited" });
    v.expect("mira/e", unanswered("no response within 10000 ms"));
    expect(byName(v)["mira/e"]).toMatchObject({ status: "blocked", blockedBy: "mira/d" });
  });
});

describe("every suite check", () => {
  const all = suites.flatMap((s) => s.checks);

  it("names requirements that exist, and cannot fail on anything but a MUST", () => {
    for (const c of all) {
      expect(c.requirements.length, c.name).toBeGreaterThan(0);
      expect(c.code).toBe(c.name);
      for (const id of c.requirements) {
        const level = requirement(id).level;
        const v = new Verdicts([c]);
        v.fail(c.name, "a failure resting on this requirement alone", { rests: [id] });
        // the rule: a failure needs a MUST; keel's own readings, SHOULD and MAY only warn
        expect(v.list()[0]?.status, `${c.name} on ${id} (${level})`).toBe(level === "MUST" ? "fail" : "warn");
      }
    }
  });

  it("has a unique name", () => {
    const names = all.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
  });
});
