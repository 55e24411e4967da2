import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ALLOWED } from "./arrows.mjs";

const root = join(import.meta.dirname, "..");

/** The "package | may import" table of ARCHITECTURE.md, as { package: [imports…] }. */
function documentedArrows() {
  const text = readFileSync(join(root, "ARCHITECTURE.md"), "utf8");
  const rows = [...text.matchAll(/^\| `([a-z*-]+)` +\| ([^|]+?) +\|$/gm)];
  return Object.fromEntries(
    rows.map(([, name, cell]) => {
      const imports = cell.startsWith("nothing") ? [] : cell.startsWith("everything") ? ["*"] : cell;
      const names = Array.isArray(imports)
        ? imports
        : imports
            .replace(/\(.*?\)/g, "")
            .replace("other protocol packages", "protocol-*")
            .split(",")
            .map((part) => part.trim())
            .filter((part) => part !== "");
      return [name, names];
    }),
  );
}

describe("ARCHITECTURE.md", () => {
  it("draws exactly the arrows tools/arrows.mjs allows", () => {
    const documented = documentedArrows();
    const allowed = Object.fromEntries(
      Object.entries(ALLOWED)
        .filter(([name]) => name !== "tools")
        .map(([name, deps]) => [name, [...deps].sort()]),
    );
    for (const deps of Object.values(documented)) deps.sort();
    expect(documented).toEqual(allowed);
  });

  it("names every package in packages/", () => {
    const documented = new Set(Object.keys(documentedArrows()));
    const folders = readdirSync(join(root, "packages")).map((d) =>
      d.startsWith("protocol-") ? "protocol-*" : d,
    );
    expect([...new Set(folders)].filter((name) => !documented.has(name))).toEqual([]);
  });
});
