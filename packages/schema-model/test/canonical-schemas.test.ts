import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  checkRegistry,
  compileSchemaSet,
  listExamples,
  loadSchemaSet,
  readDocuments,
  readText,
  validateExamples,
} from "../src/index.js";
import { protocols, registry, root } from "./repo.js";

describe("the registry", () => {
  it("is the only list of protocols: each has its package @keel/<p>, which @keel/validate depends on", () => {
    expect(protocols.length).toBeGreaterThan(0);
    const validate = JSON.parse(readText(join(root, "packages", "validate", "package.json")));
    const packages = readdirSync(join(root, "packages")).filter((d) => d.startsWith("protocol-"));
    expect(packages.map((d) => d.slice("protocol-".length)).sort()).toEqual([...protocols].sort());
    for (const p of protocols) {
      expect(JSON.parse(readText(join(root, "packages", `protocol-${p}`, "package.json"))).name).toBe(
        `@keel/${p}`,
      );
      expect(validate.dependencies[`@keel/${p}`], `@keel/validate depends on @keel/${p}`).toBe("workspace:*");
    }
  });

  it("is the README's table of protocols, row for row", () => {
    const readme = readText(join(root, "README.md"));
    const table = readme.slice(readme.indexOf("## The protocols"), readme.indexOf("## Repository"));
    const linked = [...table.matchAll(/\]\(schemas\/([a-z0-9-]+)\/\)/g)].map((m) => m[1]);
    expect(linked.sort()).toEqual([...protocols].sort());
  });

  it("describes exactly the files on disk (schemas, released copies and their sha256, examples)", () => {
    expect(checkRegistry(root, registry)).toEqual([]);
  });
});

describe.each(protocols)("%s", (protocol) => {
  const entry = registry.protocols[protocol];
  const versions = ["working", ...(entry?.released ?? []).map((r) => r.version)];

  it.each(versions)("compiles every schema and definition of %s in ajv strict mode", (version) => {
    const set = loadSchemaSet(root, registry, protocol, version);
    const { ajv, validator } = compileSchemaSet(registry, set);
    for (const file of set.own) {
      expect(ajv.getSchema(file.id), file.name).toBeTypeOf("function");
      const defs = (file.schema.$defs ?? file.schema.definitions ?? {}) as Record<string, unknown>;
      const keyword = file.schema.$defs ? "$defs" : "definitions";
      for (const name of Object.keys(defs)) {
        expect(
          ajv.getSchema(`${file.id}#/${keyword}/${name}`),
          `${file.name}#/${keyword}/${name}`,
        ).toBeTypeOf("function");
      }
    }
    if (version === "working") for (const type of Object.keys(entry?.documentTypes ?? {})) validator(type);
  });

  it("formats every schema file as JSON.stringify(value, null, 2)", () => {
    for (const file of loadSchemaSet(root, registry, protocol).own) {
      expect(readText(file.path)).toBe(`${JSON.stringify(file.schema, null, 2)}\n`);
    }
  });

  it("has a valid example of every document type", () => {
    const examples = listExamples(root, registry, protocol);
    const results = validateExamples(root, registry, protocol);
    expect(results.length).toBe(examples.length);
    expect(results.flatMap((r) => r.findings)).toEqual([]);
    for (const type of Object.keys(entry?.documentTypes ?? {})) {
      const ofType = results.filter((r) => r.documentType === type);
      expect(
        ofType.reduce((n, r) => n + r.documents, 0),
        `examples of ${type}`,
      ).toBeGreaterThan(0);
    }
    for (const example of examples)
      expect(readDocuments(example.path).length, example.display).toBeGreaterThan(0);
  });
});
