import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { checkArrows } from "./check-arrows.mjs";

const roots = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function repo(packages) {
  const root = mkdtempSync(join(tmpdir(), "keel-arrows-"));
  roots.push(root);
  const workspace = (names) => Object.fromEntries(names.map((d) => [`@keel/${d}`, "workspace:*"]));
  for (const [name, { deps = [], devDeps = [], source = "", testSource }] of Object.entries(packages)) {
    const dir = join(root, "packages", name);
    mkdirSync(join(dir, "src"), { recursive: true });
    const manifest = {
      name: `@keel/${name}`,
      dependencies: workspace(deps),
      devDependencies: workspace(devDeps),
    };
    writeFileSync(join(dir, "package.json"), JSON.stringify(manifest));
    writeFileSync(join(dir, "src", "index.ts"), source);
    if (testSource !== undefined) {
      mkdirSync(join(dir, "test"));
      writeFileSync(join(dir, "test", "a.test.ts"), testSource);
    }
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
      "protocol-atif depends on codegen; allowed: diagnostics, downgrade, protocol-*",
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

  it("lets a protocol package's tests read fixtures through schema-model, never its source", () => {
    const load = 'import { readFixtures } from "@keel/schema-model";';
    const root = repo({
      diagnostics: {},
      codegen: {},
      "schema-model": { deps: ["diagnostics"] },
      "protocol-mira": { devDeps: ["schema-model"], testSource: load },
      "protocol-atif": { devDeps: ["schema-model", "codegen"], source: load },
    });
    expect(checkArrows(root).sort()).toEqual([
      "packages/protocol-atif/src/index.ts imports @keel/schema-model, which protocol-atif/package.json declares only as a devDependency",
      "protocol-atif depends on codegen; allowed: diagnostics, downgrade, protocol-*, schema-model",
    ]);
  });
});
