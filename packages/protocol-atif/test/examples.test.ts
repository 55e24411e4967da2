import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkTrajectory, registryEntry } from "../src/index.js";

// Every shipped example must pass schema + semantic rules; an unmapped example folder fails the test.
const examples = new URL("../../../schemas/atif/examples/", import.meta.url);
const checks: Record<string, (document: unknown) => { valid: boolean; findings: unknown[] }> = {
  trajectory: checkTrajectory,
};

describe("schemas/atif/examples pass schema and semantic rules", () => {
  it("maps every document type and every example folder", () => {
    expect(Object.keys(checks).sort()).toEqual(Object.keys(registryEntry.documentTypes).sort());
    for (const type of readdirSync(examples)) expect(checks).toHaveProperty(type);
  });

  for (const type of readdirSync(examples)) {
    for (const file of readdirSync(new URL(`${type}/`, examples))) {
      it(`${type}/${file}`, () => {
        const result = checks[type]?.(JSON.parse(readFileSync(new URL(`${type}/${file}`, examples), "utf8")));
        expect(result?.findings).toEqual([]);
        expect(result?.valid).toBe(true);
      });
    }
  }
});
