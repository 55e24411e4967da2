import { describe, expect, it } from "vitest";
import { applyDowngrade } from "./index.js";
import type { DowngradePlan } from "./types.js";

// A hand-written plan (compat's planner writes real ones): a closed object whose "v" is the version field,
// "name" required with a default, "tags" strings, and "note" known only to the newer version.
const plan: DowngradePlan = {
  to: "1.0",
  from: "1.1",
  nodes: [
    {
      types: ["object"],
      props: { v: 1, name: 2, tags: 3 },
      closed: true,
      required: ["v", "name"],
      newer: ["note"],
      defaults: { name: "anon" },
    },
    { types: ["string"], values: ["1.0"] },
    { types: ["string"] },
    { types: ["array"], items: 2 },
  ],
  roots: { doc: 0 },
  versionPointers: { doc: ["/v"] },
  versionValue: "1.0",
};

describe("applyDowngrade", () => {
  it("strips, fills, writes the version and leaves the input alone", () => {
    const input = { v: "1.1", note: "x", tags: ["a"] };
    const r = applyDowngrade(plan, "doc", input);
    expect(r.document).toEqual({ v: "1.0", tags: ["a"], name: "anon" });
    expect(r.changes.map((c) => `${c.action} ${c.pointer}`)).toEqual([
      "stripped /note",
      "filled /name",
      "version-set /v",
    ]);
    expect(r.problems).toEqual([]);
    expect(input).toEqual({ v: "1.1", note: "x", tags: ["a"] });
  });

  it("reports what it cannot fix as findings and keeps the value", () => {
    const r = applyDowngrade(plan, "doc", { v: "1.1", name: "n", tags: [3] });
    expect(r.problems.map((p) => [p.code, p.pointer])).toEqual([["downgrade/wrong-type", "/tags/0"]]);
    expect(r.document).toEqual({ v: "1.0", name: "n", tags: [3] });
  });

  it("asks the filler first and refuses an unknown root", () => {
    const r = applyDowngrade(
      plan,
      "doc",
      { v: "1.1" },
      {
        fill: ({ property }) => (property === "name" ? "projected" : undefined),
      },
    );
    expect(r.document).toEqual({ v: "1.0", name: "projected" });
    expect(() => applyDowngrade(plan, "other", {})).toThrow(/no downgrade 1.1 → 1.0 for "other"/);
  });
});
