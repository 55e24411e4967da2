import type { Registry, SchemaFile } from "@keel/schema-model";
import { SchemaSet } from "@keel/schema-model";

const DIALECT = {
  "draft-07": { $schema: "http://json-schema.org/draft-07/schema#", defs: "definitions" },
  "2020-12": { $schema: "https://json-schema.org/draft/2020-12/schema", defs: "$defs" },
} as const;

/**
 * A one-file protocol "unit" holding `definitions` (under `definitions` or `$defs` by draft), and a registry
 * whose document types are the named definitions — what a generator test needs and nothing more.
 */
export function unitProtocol(
  definitions: Record<string, unknown>,
  { draft = "draft-07", documentTypes = [] }: { draft?: keyof typeof DIALECT; documentTypes?: string[] } = {},
): { set: SchemaSet; registry: Registry } {
  const { $schema, defs } = DIALECT[draft];
  const file: SchemaFile = {
    protocol: "unit",
    version: "working",
    name: "u.schema.json",
    path: "<u>",
    id: "https://keel.invalid/schemas/unit/u.schema.json",
    draft,
    schema: { $schema, [defs]: definitions },
  };
  const types = Object.fromEntries(
    documentTypes.map((name) => [
      name.toLowerCase(),
      { schema: file.name, pointer: `#/${defs}/${name}`, fileKinds: ["json"], summary: name },
    ]),
  );
  const registry = { protocols: { unit: { documentTypes: types } } } as unknown as Registry;
  return { set: new SchemaSet("unit", "working", [file], []), registry };
}
