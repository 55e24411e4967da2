import { describe, expect, it } from "vitest";
import { evidenceOf, KEPT, STRING_KEPT } from "./evidence.js";
import { checkOf } from "./suites/kit/check.js";
import { Traffic } from "./traffic.js";
import { Verdicts } from "./verdicts.js";

const check = checkOf("myrmo");
const catalogue = [check("publish-valid", ["myrmo/publish-accepted"], "a MUST")];

describe("evidence", () => {
  it("keeps the channel's last messages in order and counts the earlier ones", () => {
    const t = new Traffic();
    for (let i = 0; i < KEPT + 4; i++) {
      t.add("out", { method: "POST", path: `/v1/trails/${i}` }, 1000 + i);
      t.add("in", { status: 202, headers: {}, body: { i } }, 1000 + i);
    }
    const e = evidenceOf("http", t.entries);
    expect(e.channel).toBe("http");
    expect(e.exchanges).toHaveLength(KEPT);
    expect(e.omitted).toBe(2 * (KEPT + 4) - KEPT);
    expect(e.exchanges.at(-1)).toEqual({
      direction: "in",
      at: 1000 + KEPT + 3,
      data: { status: 202, headers: {}, body: { i: KEPT + 3 } },
    });
  });

  it("cuts a long string anywhere in a message and says how much was cut", () => {
    const t = new Traffic();
    t.add("in", { exit: 0, stdout: "x".repeat(STRING_KEPT + 10), stderr: "" });
    const e = evidenceOf("cli", t.entries);
    expect((e.exchanges[0]?.data as { stdout: string } | undefined)?.stdout).toHaveLength(STRING_KEPT + 1);
    expect(e.clipped).toBe(10);
  });

  it("is taken when a check fails, from the channel as it was then, and never for a pass", () => {
    const t = new Traffic();
    const v = new Verdicts(catalogue);
    v.witness = () => evidenceOf("http", t.entries);
    t.add("out", { method: "POST", path: "/v1/trails" });
    v.pass("myrmo/publish-valid");
    expect(v.list()[0]?.evidence).toBeUndefined();
    t.add("in", { status: 500, headers: {}, body: "boom" });
    v.fail("myrmo/publish-valid", "expected 202, found 500");
    t.add("out", { method: "GET", path: "/later" });
    expect(v.list()[0]?.evidence?.exchanges.map((x) => x.data)).toEqual([
      { method: "POST", path: "/v1/trails" },
      { status: 500, headers: {}, body: "boom" },
    ]);
  });
});
