import type { Registry, SchemaFile } from "@keel/schema-model";
import { describe, expect, it } from "vitest";
import { nameDefinitions } from "./names.js";

const file = (definitions: Record<string, unknown>): SchemaFile => ({
  protocol: "unit",
  version: "working",
  name: "u.schema.json",
  path: "<u>",
  id: "https://keel.invalid/schemas/unit/u.schema.json",
  draft: "draft-07",
  schema: { definitions },
});
const registry = { protocols: { unit: { documentTypes: {} } } } as unknown as Registry;
const namesOf = (...defs: string[]): string[] =>
  nameDefinitions(registry, "unit", [file(Object.fromEntries(defs.map((d) => [d, {}])))]).map((d) => d.name);

describe("definition names never double the zod suffix", () => {
  it("drops a trailing Schema, so the zod constant is FooSchema, not FooSchemaSchema", () => {
    expect(namesOf("ObjectTypeSchema", "step_schema", "Trail")).toEqual(["ObjectType", "Step", "Trail"]);
  });

  it("keeps the definition's own name when the bare name is a global; Definition only beside a Foo", () => {
    // were StringDefinition and SchemaDefinition: names the schema never says (issue 32, defect 8); a
    // FooSchema beside a Foo cannot be type FooSchema, Foo's zod constant
    expect(namesOf("FooSchema", "Foo", "StringSchema", "Schema")).toEqual([
      "FooDefinition",
      "Foo",
      "StringSchema",
      "Schema",
    ]);
  });
});
