import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { fingerprint } from "./fingerprint.js";

const example = JSON.parse(
  readFileSync(join(import.meta.dirname, "../../../../schemas/myrmo/examples/trail/minimal.json"), "utf8"),
) as Record<string, unknown>;

const withProblem = (error_type: string, summary: string) => ({
  ...example,
  problem: { error_type, summary },
});

describe("fingerprint", () => {
  it("keeps its recipe: the minimal example's fingerprint is unchanged", () => {
    expect(fingerprint(example)).toBe("fp1-ffe99e148914924c50715da3686b3e54");
  });

  it("ignores case, runs of whitespace and Unicode normal form; tells other problems apart", () => {
    const a = fingerprint(withProblem("KeyError", "Caf\u00e9 lookup fails on the second request"));
    expect(fingerprint(withProblem("  keyerror ", "CAFE\u0301  lookup\tfails on the second\nrequest"))).toBe(
      a,
    );
    expect(fingerprint(withProblem("KeyError", "Cafe lookup fails on the second request"))).not.toBe(a);
    expect(fingerprint(withProblem("TypeError", "Caf\u00e9 lookup fails on the second request"))).not.toBe(a);
  });
});
