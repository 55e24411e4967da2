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

  it("says Definition instead when the bare name is taken by another definition or a global", () => {
    expect(namesOf("FooSchema", "Foo", "BooleanSchema", "Schema")).toEqual([
      "FooDefinition",
      "Foo",
      "BooleanDefinition",
      "SchemaDefinition",
    ]);
  });
});
