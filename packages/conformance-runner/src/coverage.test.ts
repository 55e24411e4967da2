import { describe, expect, it } from "vitest";
import { coverage } from "./coverage.js";
import { suites } from "./suites/index.js";

describe("requirements coverage", () => {
  for (const suite of suites)
    it(`every MUST of ${suite.protocol} is tested by a check or listed as untestable (${suite.name})`, () => {
      const uncovered = coverage(suite.name)
        .filter((r) => r.level === "MUST" && r.checks.length === 0 && !r.untestable)
        .map((r) => r.id);
      expect(uncovered).toEqual([]);
    });
});
