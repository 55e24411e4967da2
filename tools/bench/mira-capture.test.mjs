import { describe, expect, it } from "vitest";
import { miraCaptureLines } from "./mira-capture.mjs";

describe("the benchmark's Mira session capture", () => {
  it("is the same on every call, one line per text, and holds each kind of fault", () => {
    const lines = miraCaptureLines(2000);
    expect(miraCaptureLines(2000)).toEqual(lines);
    expect(lines).toHaveLength(2000);
    expect(lines.every((l) => !l.includes("\n"))).toBe(true);
    const parses = (l) => {
      try {
        JSON.parse(l);
        return true;
      } catch {
        return false;
      }
    };
    expect(lines.filter((l) => !parses(l)).length).toBeGreaterThanOrEqual(5);
    expect(lines.filter((l) => l.includes('"result":{"cancelled":true},"error"')).length).toBeGreaterThan(2);
    expect(lines.filter((l) => l.includes('"method":"list","method":"list"')).length).toBeGreaterThan(1);
    expect(lines.filter((l) => /^\{"id":"\d+","method"/.test(l)).length).toBeGreaterThan(1);
    const ids = lines.filter(parses).map((l) => JSON.parse(l).id);
    expect(new Set(ids.filter((id) => id !== undefined)).size).toBeGreaterThan(500);
  });
});
