import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { findRoot } from "./root.js";
import { isDateVersion, isVersion, VERSION_PATTERN } from "./version-rule.js";

describe("the version rule", () => {
  it("is the registry schema's rule, for the working version and every release", () => {
    const path = join(findRoot(import.meta.dirname), "schemas", "registry.schema.json");
    const schema = JSON.parse(readFileSync(path, "utf8"));
    expect(schema.$defs.version.pattern).toBe(VERSION_PATTERN);
    expect(schema.$defs.protocol.properties.version.$ref).toBe("#/$defs/version");
    expect(schema.$defs.released.properties.version.$ref).toBe("#/$defs/version");
  });

  it("takes dotted numbers and dates, nothing else", () => {
    for (const v of ["1", "1.0", "0.3.1", "2025-06-18", "2024-02-29"]) expect(isVersion(v), v).toBe(true);
    for (const v of ["", "v1", "1.", "1.x", "2025-13-01", "2025-06-32", "25-06-18", "2025-06-18.1"])
      expect(isVersion(v), v).toBe(false);
    expect(isDateVersion("2025-06-18")).toBe(true);
    expect(isDateVersion("1.10")).toBe(false);
  });
});
