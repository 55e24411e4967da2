import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { sha256File } from "@keel/schema-model";
import { describe, expect, it } from "vitest";
import { tempDir } from "../../../../tools/test-kit/temp-dirs.js";
import { staleIn } from "./stale.js";

const banner = (path: string, sha: string) =>
  `// DO NOT EDIT\n// source: ${path} sha256 ${sha}\nexport {};\n`;

describe("stale validators", () => {
  it("reads the banners of the package's generated files, not of a compiled file whose source keel gen removed", () => {
    const root = tempDir("keel-stale-");
    mkdirSync(join(root, "schemas", "toy"), { recursive: true });
    writeFileSync(join(root, "schemas", "toy", "toy.schema.json"), "{}\n");
    const sha = sha256File(join(root, "schemas", "toy", "toy.schema.json"));
    const pkg = join(root, "packages", "protocol-toy");
    mkdirSync(join(pkg, "src", "generated"), { recursive: true });
    mkdirSync(join(pkg, "dist", "generated"), { recursive: true });
    writeFileSync(join(pkg, "src", "generated", "ajv.gen.ts"), "");
    writeFileSync(join(pkg, "dist", "generated", "ajv.gen.js"), banner("schemas/toy/toy.schema.json", sha));
    // an older gen's module, gone from src/ and left in dist/ by tsc, with an older sha256
    const old = banner("schemas/toy/toy.schema.json", "0".repeat(64));
    writeFileSync(join(pkg, "dist", "generated", "explain-old.gen.js"), old);
    expect(staleIn(root, join(pkg, "dist", "generated"))).toEqual([]);
    // in an installed package (no src/), every compiled file is the package's
    const installed = join(root, "installed", "dist", "generated");
    mkdirSync(installed, { recursive: true });
    writeFileSync(join(installed, "explain-old.gen.js"), old);
    expect(staleIn(root, installed)).toEqual(["schemas/toy/toy.schema.json"]);
  });
});
