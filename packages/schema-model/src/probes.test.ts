import { readFileSync } from "node:fs";
import { join } from "node:path";
import { DIALECT_PROBES, probeOf } from "@keel/diagnostics";
import { describe, expect, it } from "vitest";
import { readFixtures } from "./fixtures.js";
import { loadRegistry } from "./registry.js";
import { findRoot } from "./root.js";

const root = findRoot(import.meta.dirname);

describe("dialect probes", () => {
  it("every probe a manifest names is in the catalogue, and every catalogue probe is placed somewhere", () => {
    const named = new Set(
      Object.keys(loadRegistry(root).protocols).flatMap((p) =>
        readFixtures(root, p).flatMap((f) => f.probes ?? []),
      ),
    );
    expect([...named].filter((n) => probeOf(n) === undefined)).toEqual([]);
    const placed = new Set([...named].map((n) => probeOf(n)?.name));
    expect(DIALECT_PROBES.map((p) => p.name).filter((n) => !placed.has(n))).toEqual([]);
  });

  it("docs/dialects.md explains every probe", () => {
    const doc = readFileSync(join(root, "docs", "dialects.md"), "utf8");
    expect(DIALECT_PROBES.map((p) => p.name).filter((n) => !doc.includes(`\`${n}\``))).toEqual([]);
  });
});
