import { describe, expect, it } from "vitest";
import { newTrailId } from "./trail-id.js";

describe("newTrailId", () => {
  it("is a lowercase UUID version 7 with the RFC variant, its time in the first 48 bits", () => {
    const id = newTrailId(0x0193_2b4c_5d6e);
    expect(id).toMatch(/^01932b4c-5d6e-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it("orders ids by their time and keeps the random part unique", () => {
    const early = Array.from({ length: 100 }, () => newTrailId(1_700_000_000_000));
    const late = newTrailId(1_700_000_000_001);
    expect(new Set(early).size).toBe(100);
    for (const id of early) expect(id < late).toBe(true);
  });
});
