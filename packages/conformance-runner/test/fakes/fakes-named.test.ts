import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { suites } from "../../src/suites/index.js";
import { fakeCases, suitesWithFakes } from "./cases.js";

/**
 * What the soak runs of the fakes rely on, checked in every `pnpm test`: each fake names a check of its
 * suite (a fake without that line fails here rather than being skipped), and each suite with fakes has
 * its soak file here, so that no suite's fakes go unrun.
 */
describe("fakes", () => {
  const cases = suites.flatMap(fakeCases);

  it("every fake names a check of its suite", () => {
    expect(cases.length).toBeGreaterThanOrEqual(20);
    const unnamed = cases.filter((c) => !c.check || !c.suite.checks.some((k) => k.name === c.check));
    expect(unnamed.map((c) => c.label)).toEqual([]);
  });

  it("every suite with fakes has its soak file, test/fakes/<suite>.soak.test.ts", () => {
    const missing = suitesWithFakes()
      .map((s) => `${s.name}.soak.test.ts`)
      .filter((f) => !existsSync(join(import.meta.dirname, f)));
    expect(missing).toEqual([]);
  });
});
