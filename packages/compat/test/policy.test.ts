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
    expect(() => compareVersions("v1", "1")).toThrow('expected a version like 1 or 1.2, found "v1"');
  });
});
