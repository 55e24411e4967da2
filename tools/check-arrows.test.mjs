import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { checkArrows } from "./check-arrows.mjs";

function repo(packages) {
  const root = mkdtempSync(join(tmpdir(), "keel-arrows-"));
  for (const [name, { deps = [], source = "" }] of Object.entries(packages)) {
    const dir = join(root, "packages", name);
    mkdirSync(join(dir, "src"), { recursive: true });
    const dependencies = Object.fromEntries(deps.map((d) => [`@keel/${d}`, "workspace:*"]));
    writeFileSync(join(dir, "package.json"), JSON.stringify({ name: `@keel/${name}`, dependencies }));
    writeFileSync(join(dir, "src", "index.ts"), source);
  }
  mkdirSync(join(root, "tools"));
  return root;
}

describe("checkArrows", () => {
  it("accepts the layering DESIGN.md draws", () => {
    const root = repo({
      diagnostics: {},
      "schema-model": { deps: ["diagnostics"], source: 'import { x } from "@keel/diagnostics";' },
      "protocol-atif": { deps: ["diagnostics"] },
      "protocol-mira": { deps: ["protocol-atif"] },
      cli: { deps: ["schema-model", "protocol-mira"] },
    });
    expect(checkArrows(root)).toEqual([]);
  });

  it("rejects an arrow pointing back (diagnostics importing schema-model) and the cycle it makes", () => {
    const root = repo({ diagnostics: { deps: ["schema-model"] }, "schema-model": { deps: ["diagnostics"] } });
    expect(checkArrows(root)).toEqual([
      "diagnostics depends on schema-model; allowed: no @keel package",
      "package dependency cycle: diagnostics → schema-model → diagnostics",
    ]);
  });

  it("rejects a protocol package importing codegen, and anything importing cli", () => {
    const root = repo({
      codegen: {},
      cli: {},
      "protocol-atif": { deps: ["codegen"] },
      compat: { deps: ["cli"] },
    });
    expect(checkArrows(root).sort()).toEqual([
      "compat depends on cli, and nothing may import cli",
      "protocol-atif depends on codegen; allowed: diagnostics, protocol-*",
    ]);
  });

  it("rejects an import the package.json does not declare", () => {
    const root = repo({
      diagnostics: {},
      "schema-model": { source: 'export { x } from "@keel/diagnostics";' },
    });
    expect(checkArrows(root)).toEqual([
      "packages/schema-model/src/index.ts imports @keel/diagnostics, which schema-model/package.json does not declare",
    ]);
  });
});
