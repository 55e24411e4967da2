import { describe, expect, it } from "vitest";
import { bumpBetween, compareVersions, nextVersion } from "../src/index.js";

describe("versions", () => {
  it("derives the bump between two versions", () => {
    expect(bumpBetween("1.0", "1.0")).toBe("none");
    expect(bumpBetween("1.7", "1.8")).toBe("minor");
    expect(bumpBetween("1.9", "1.10")).toBe("minor");
    expect(bumpBetween("1.1", "2.0")).toBe("major");
    expect(bumpBetween("2", "3")).toBe("major");
    expect(() => bumpBetween("1.1", "1.0")).toThrow("expected 1.0 to be 1.1 or later, found it older");
  });

  it("computes the next version", () => {
    expect(nextVersion("1.7", "minor")).toBe("1.8");
    expect(nextVersion("1.9", "minor")).toBe("1.10");
    expect(nextVersion("1.7", "major")).toBe("2.0");
    expect(nextVersion("2", "major")).toBe("3");
    expect(() => nextVersion("2", "minor")).toThrow(
      /MAJOR\.MINOR version for a minor bump, found "2": bump major/,
    );
  });

  it("orders versions numerically and refuses what it cannot read", () => {
    expect(compareVersions("1.10", "1.9")).toBe(1);
    expect(() => compareVersions("v1", "1")).toThrow(
      'expected a version like 1, 1.2 or a date 2025-06-18, found "v1"',
    );
  });

  it("reads a date version as a whole release: later dates are majors, named by --to", () => {
    expect(compareVersions("2025-06-18", "2025-03-26")).toBe(1);
    expect(bumpBetween("2025-03-26", "2025-06-18")).toBe("major");
    expect(bumpBetween("2025-06-18", "2025-06-18")).toBe("none");
    expect(() => bumpBetween("2025-06-18", "2024-11-05")).toThrow(/found it older/);
    expect(() => compareVersions("1.0", "2025-06-18")).toThrow(
      'expected two dotted versions or two dates, found "1.0" and "2025-06-18"',
    );
    expect(() => nextVersion("2025-06-18", "minor")).toThrow(/--to <date>/);
    expect(() => nextVersion("2025-06-18", "major")).toThrow(/--to <date>/);
  });
});
