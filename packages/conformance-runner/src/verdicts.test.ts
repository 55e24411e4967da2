import { describe, expect, it } from "vitest";
import { Verdicts } from "./verdicts.js";

const catalogue = ["a", "b", "c", "d"].map((name) => ({ name, cites: "x", summary: "y" }));

describe("Verdicts", () => {
  it("keeps the first failure, counts the rest, and skips what nothing reached", () => {
    const v = new Verdicts(catalogue);
    v.pass("a");
    v.fail("a", "first", { expected: "1", actual: "2" });
    v.pass("a");
    v.fail("a", "second");
    v.skip("b", "capability paginate not advertised");
    v.pass("b"); // a pass after a skip means some case reached it
    v.skip("c", "capability cancel not advertised");
    const byName = Object.fromEntries(v.list().map((r) => [r.name, r]));
    expect(byName.a).toMatchObject({
      status: "fail",
      reason: "first",
      expected: "1",
      actual: "2",
      failures: 2,
    });
    expect(byName.b?.status).toBe("pass");
    expect(byName.c).toMatchObject({ status: "skip", reason: "capability cancel not advertised" });
    expect(byName.d).toMatchObject({ status: "skip", reason: "not reached" });
  });
});
