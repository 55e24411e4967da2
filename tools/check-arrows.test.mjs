import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { checkArrows } from "./check-arrows.mjs";

const roots = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

/** A scratch repository: per package its @keel (dev)dependencies, its src files and a test file. */
function repo(packages) {
  const root = mkdtempSync(join(tmpdir(), "keel-arrows-"));
  roots.push(root);
  const workspace = (names) => Object.fromEntries(names.map((d) => [`@keel/${d}`, "workspace:*"]));
  for (const [name, { deps = [], devDeps = [], source = "", files = {}, testSource }] of Object.entries(
    packages,
  )) {
    const dir = join(root, "packages", name);
    mkdirSync(join(dir, "src"), { recursive: true });
    const manifest = {
      name: `@keel/${name}`,
      dependencies: workspace(deps),
      devDependencies: workspace(devDeps),
    };
    writeFileSync(join(dir, "package.json"), JSON.stringify(manifest));
    for (const [file, text] of Object.entries({ "index.ts": source, ...files })) {
      mkdirSync(dirname(join(dir, "src", file)), { recursive: true });
      writeFileSync(join(dir, "src", file), text);
    }
    if (testSource !== undefined) {
      mkdirSync(join(dir, "test"));
      writeFileSync(join(dir, "test", "a.test.ts"), testSource);
    }
  }
  mkdirSync(join(root, "tools"));
  return root;
}

describe("checkArrows", () => {
  it("accepts the layering ARCHITECTURE.md draws", () => {
    const root = repo({
      diagnostics: {},
      "schema-model": { deps: ["diagnostics"], source: 'import { x } from "@keel/diagnostics";' },
      "protocol-atif": { deps: ["diagnostics"] },
      "protocol-mira": { deps: ["protocol-atif"] },
      cli: { deps: ["schema-model", "protocol-mira"] },
    });
    expect(checkArrows(root)).toEqual([]);
  });

  it("lets the cli import codegen, a devDependency, at run time (DEV_AT_RUN_TIME) and nothing else so", () => {
    const root = repo({
      diagnostics: {},
      codegen: { deps: ["diagnostics"] },
      cli: {
        deps: ["diagnostics"],
        devDeps: ["codegen", "validate"],
        source: 'await import("@keel/codegen");\nawait import("@keel/validate");',
      },
      validate: { deps: ["diagnostics"] },
    });
    expect(checkArrows(root)).toEqual([
      "packages/cli/src/index.ts imports @keel/validate, which cli/package.json declares only as a devDependency",
    ]);
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
      "protocol-atif depends on codegen; allowed: diagnostics, downgrade, zod-runtime, protocol-*",
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
      "protocol-atif depends on codegen; allowed: diagnostics, downgrade, zod-runtime, protocol-*, schema-model",
    ]);
  });

  it("rejects files of one package importing each other in a circle, even when only types cross it", () => {
    const root = repo({
      validate: {
        files: {
          "lanes.ts": 'import { checkRange } from "./check-range.js";\nexport interface Lane {}',
          "check-range.ts":
            'import type { RangeResult } from "./threads/parallel.js";\nexport const checkRange = 1;',
          "threads/parallel.ts":
            'import type {\n  Lane,\n} from "../lanes.js";\nexport interface RangeResult {}',
        },
      },
    });
    expect(checkArrows(root)).toEqual([
      "import cycle in packages/validate/src: check-range.ts → threads/parallel.ts → lanes.ts → check-range.ts",
    ]);
  });

  it("accepts the same files once the shared types live in a leaf module", () => {
    const root = repo({
      validate: {
        files: {
          "messages.ts": "export interface RangeResult {}\nexport interface Lane {}",
          "lanes.ts":
            'import { checkRange } from "./check-range.js";\nimport type { Lane } from "./messages.js";',
          "check-range.ts": 'import type { RangeResult } from "./messages.js";\nexport const checkRange = 1;',
          "parallel.ts":
            'import type { Lane } from "./messages.js";\nimport { checkRange } from "./check-range.js";',
        },
      },
    });
    expect(checkArrows(root)).toEqual([]);
  });
});
