import { describe, expect, it } from "vitest";
import { judge } from "./verdict.mjs";

const doc = (where, text, probes = []) => ({ where, text, valid: true, probes });
const listed = { "string-lone-surrogate": "the language's strings cannot hold one" };

describe("judging a language's round trip", () => {
  it("holds back a listed probe's failures and fails every other change, naming the pointer", () => {
    const docs = [
      doc("a.json", '{"s":"x\\ud800"}', ["string-lone-surrogate"]),
      doc("b.json", '{"n":18446744073709551617}', ["integer-past-int64"]),
      doc("c.json", '{"n":1}'),
      { where: "d.json", text: '{"n":"x"}', valid: false },
    ];
    const lines = ['ok\t{"s":"x\\ufffd"}', 'ok\t{"n":18446744073709551616}', 'ok\t{"n":1.0}', "err\tno"];
    const v = judge("go", docs, lines, listed);
    expect(v.held).toEqual([{ probe: "string-lone-surrogate", count: 1 }]);
    expect(v.problems).toEqual(["b.json: go changed it at /n"]);
    expect([v.ok, v.failedDocuments, v.refused, v.invalid]).toEqual([1, 1, 1, 1]);
  });

  it("fails a listed limit that no longer occurs, so the list can only shrink", () => {
    const docs = [doc("a.json", '{"s":"x\\ud800"}', ["string-lone-surrogate"])];
    const v = judge("python", docs, ['ok\t{"s":"x\\ud800"}'], listed);
    expect(v.held).toEqual([]);
    expect(v.failedDocuments).toBe(0);
    expect(v.problems).toEqual([
      "known limit string-lone-surrogate no longer occurs (1 documents carry it, all round-trip): remove it from KNOWN_LIMITS",
    ]);
  });

  it("says nothing of a listed limit no document of the run carries (a narrowed run)", () => {
    const v = judge("rust", [doc("c.json", '{"n":1}')], ['ok\t{"n":1}'], listed);
    expect(v.problems).toEqual([]);
  });
});
