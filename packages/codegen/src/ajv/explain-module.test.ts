import { writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { Registry } from "@keel/schema-model";
import { describe, expect, it } from "vitest";
import { tempDir } from "../../../../tools/test-kit/temp-dirs.js";
import { unitProtocol } from "../../test/unit-protocol.js";
import { generateExplainModules, unionKey } from "./explain-module.js";
import { generateAjvModule } from "./index.js";

type Validate = ((data: unknown) => boolean) & { errors?: unknown[] | null };

// A union reached from two document types and a method result: compiled once, in one module.
const SHAPE = { anyOf: [{ type: "string" }, { type: "integer" }] };
const DEFINITIONS = {
  Shape: SHAPE,
  A: { type: "object", properties: { s: { $ref: "#/definitions/Shape" } } },
  B: { type: "object", properties: { t: { $ref: "#/definitions/Shape" } } },
  Result: { type: "object", required: ["r"], properties: { r: { $ref: "#/definitions/Shape" } } },
};

function unit(methods: Record<string, { result: string }>) {
  const { set, registry } = unitProtocol(DEFINITIONS, { documentTypes: ["A", "B"] });
  const entry = (registry as Registry).protocols.unit as unknown as { facts: unknown };
  entry.facts = { methodSchemas: methods };
  return { set, registry };
}

/** The generated modules written as `keel gen` would (plain JS under the `.js` names they load each other by), and the index loaded. */
function load(registry: Registry, set: ReturnType<typeof unit>["set"]) {
  const dir = tempDir("keel-explain-module-");
  writeFileSync(join(dir, "package.json"), '{ "type": "module" }\n');
  writeFileSync(join(dir, "ajv.gen.js"), generateAjvModule(registry, set));
  const files = generateExplainModules(registry, set);
  for (const f of files) writeFileSync(join(dir, f.name.replace(/\.ts$/, ".js")), f.body);
  const index = createRequire(import.meta.url)(join(dir, "explain.gen.js")) as {
    types: Record<string, Validate>;
    unions: () => Map<string, Validate[]>;
    definitions: Record<string, () => Validate>;
  };
  return { files, index };
}

describe("generateExplainModules", () => {
  it("compiles each union once for the whole protocol, and a method result apart from the branches", () => {
    const { set, registry } = unit({ run: { result: "#/definitions/Result" } });
    const { files, index } = load(registry, set);
    expect(files.map((f) => f.name).sort()).toEqual([
      "explain-definitions.gen.ts",
      "explain-unions.gen.ts",
      "explain.gen.ts",
    ]);
    const key = `anyOf ${unionKey(SHAPE)}`;
    const mentions = files.map((f) => f.body.split(key).length - 1);
    expect(mentions).toEqual(files.map((f) => (f.name === "explain-unions.gen.ts" ? 1 : 0)));

    const unions = index.unions();
    expect([...unions.keys()]).toEqual([key]);
    const [text, integer] = unions.get(key) ?? [];
    expect([text?.("x"), text?.(1), integer?.(1), integer?.("x")]).toEqual([true, false, true, false]);

    expect(Object.keys(index.types).sort()).toEqual(["a", "b"]);
    expect(index.types.a?.({ s: true })).toBe(false);
    const result = index.definitions["u.schema.json#/definitions/Result"]?.();
    expect([result?.({ r: 1 }), result?.({})]).toEqual([true, false]);
    // verbose: an error carries the schema object a union is found by
    result?.({ r: true });
    expect(
      result?.errors?.some(
        (e) => unionKey((e as { parentSchema: unknown }).parentSchema) === unionKey(SHAPE),
      ),
    ).toBe(true);
  });

  it("writes only the index when no union is reachable and there is no method result", () => {
    const { set, registry } = unitProtocol(
      { A: { type: "object", properties: { n: { type: "integer" } } }, Lone: SHAPE },
      { documentTypes: ["A"] },
    );
    ((registry as Registry).protocols.unit as unknown as { facts: unknown }).facts = {};
    const { files, index } = load(registry, set);
    expect(files.map((f) => f.name)).toEqual(["explain.gen.ts"]);
    expect(index.unions().size).toBe(0);
    expect(index.definitions).toEqual({});
  });
});
