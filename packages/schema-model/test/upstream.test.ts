import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { compileSchemaSet, loadSchemaSet, readJson, readText } from "../src/index.js";
import { registry, root, shared } from "./repo.js";

const examplesDir = (reference: string | null) =>
  reference === null ? "" : join(shared, "reference", reference, "examples");
const withExamples = Object.entries(registry.protocols).filter(([, e]) =>
  existsSync(examplesDir(e.reference)),
);

it("finds upstream example documents for Myrmo and Slipway", () => {
  expect(withExamples.map(([name]) => name).sort()).toEqual(["myrmo", "slipway"]);
});

/** Upstream's own example documents (../shared/reference/<protocol>/examples/) must pass our schemas. */
describe.each(withExamples)("upstream %s examples", (protocol, entry) => {
  const dir = examplesDir(entry.reference);
  const mapping = (entry.facts.referenceExamples ?? {}) as Record<string, string>;

  it("maps every upstream example to a document type", () => {
    const files = readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .sort();
    expect(files.length).toBeGreaterThan(0);
    expect(Object.keys(mapping).sort()).toEqual(files);
  });

  it.each(Object.entries(mapping))("%s is a valid %s", (file, type) => {
    const { validator } = compileSchemaSet(registry, loadSchemaSet(root, registry, protocol));
    const validate = validator(type);
    const valid = validate(readJson(join(dir, file)));
    expect(validate.errors ?? [], file).toEqual([]);
    expect(valid).toBe(true);
  });
});

describe("seed documents", () => {
  it("keeps the Myrmo seed's example trail among our examples", () => {
    const seed = readText(join(shared, "seeds", registry.protocols.myrmo?.seed as string));
    const example = JSON.parse(seed.slice(seed.indexOf("{", seed.indexOf("A complete, valid trail"))));
    expect(readJson(join(root, "schemas/myrmo/examples/trail/distutils.json"))).toEqual(example);
  });

  it("keeps the ATIF schema equal to the seed's content, plus only $id", () => {
    const seed = readText(join(shared, "seeds", registry.protocols.atif?.seed as string));
    const body = seed
      .split("\n")
      .filter((line) => line.startsWith("+"))
      .map((line) => line.slice(1))
      .join("\n");
    const { $id, ...ours } = readJson(join(root, "schemas/atif/trajectory.schema.json")) as Record<
      string,
      unknown
    >;
    expect($id).toBe("https://keel.dev/schemas/atif/v1.7/trajectory.schema.json");
    expect(ours).toEqual(JSON.parse(body));
  });
});
