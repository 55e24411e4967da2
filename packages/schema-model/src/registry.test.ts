import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createAjv } from "./ajv.js";
import { SchemaLoadError } from "./errors.js";
import { loadRegistry, registryFile, registrySchemaFile } from "./registry.js";
import { findRoot, schemasDir } from "./root.js";

const root = findRoot();
const dir = mkdtempSync(join(tmpdir(), "keel-registry-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("loadRegistry", () => {
  it("reads a registry whose schema its 2020-12 metaschema accepts (loadRegistry no longer checks that)", () => {
    const ajv = createAjv("2020-12");
    const schema = JSON.parse(readFileSync(registrySchemaFile(root), "utf8")) as object;
    expect(ajv.validateSchema(schema), JSON.stringify(ajv.errors)).toBe(true);
    expect(Object.keys(loadRegistry(root).protocols)).toContain("myrmo");
  });

  it("refuses a registry its schema rejects: registry/invalid, naming where", () => {
    cpSync(schemasDir(root), join(dir, "schemas"), {
      recursive: true,
      filter: (p) => !p.includes("examples"),
    });
    const registry = JSON.parse(readFileSync(registryFile(root), "utf8"));
    registry.protocols.myrmo.consumer = "picky";
    writeFileSync(registryFile(dir), JSON.stringify(registry));
    let thrown: unknown;
    try {
      loadRegistry(dir);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(SchemaLoadError);
    expect((thrown as SchemaLoadError).code).toBe("registry/invalid");
    expect((thrown as Error).message).toContain("/protocols/myrmo/consumer");
  });

  it("checks an edited registry schema itself, never with the validator generated from the old one", () => {
    cpSync(schemasDir(root), join(dir, "edited", "schemas"), {
      recursive: true,
      filter: (p) => !p.includes("examples"),
    });
    const edited = join(dir, "edited");
    const schema = JSON.parse(readFileSync(registrySchemaFile(root), "utf8"));
    schema.required = [...(schema.required ?? []), "maintainer"];
    writeFileSync(registrySchemaFile(edited), JSON.stringify(schema));
    expect(() => loadRegistry(edited)).toThrow(/maintainer/);
    // the same registry under the unedited schema (the generated validator) passes
    expect(() => loadRegistry(root)).not.toThrow();
  });
});
