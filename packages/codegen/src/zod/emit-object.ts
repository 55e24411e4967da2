import type { Schema, SchemaObject } from "@keel/schema-model";
import { ALL, child, type EmitContext, type Location } from "./context.js";

const STRING_ONLY = new Set(["string"] as const);

/**
 * An object with JSON Schema's object keywords. `additionalProperties: false` is `z.strictObject`, absent
 * or `true` is `z.looseObject` (unknown keys pass through, never stripped), a schema is `.catchall()`;
 * the rest (patternProperties, propertyNames, counts, dependencies) are checks on the whole object.
 */
export function emitObject(e: EmitContext, s: SchemaObject, at: Location): string {
  const properties = (s.properties ?? {}) as Record<string, Schema>;
  const required = Array.isArray(s.required) ? (s.required as string[]) : [];
  const patterns = Object.entries((s.patternProperties ?? {}) as Record<string, Schema>);
  const additional = s.additionalProperties as Schema | undefined;
  const loose = additional === undefined || additional === true;
  const keys = Object.keys(properties);
  const shape = keys.map((key) =>
    e.property(key, () => {
      const value = e.node(properties[key] as Schema, child(at, "properties", key), ALL);
      return required.includes(key) ? value : `${value}.optional()`;
    }),
  );
  // a required key without a schema: in a loose object, a shape entry enforces presence
  const absent = required.filter((k) => !keys.includes(k));
  const inShape = loose && patterns.length === 0 ? absent : [];
  for (const key of inShape) shape.push(e.property(key, () => "z.unknown()"));
  const literal = `{ ${shape.join(", ")} }`;

  let code: string;
  if (patterns.length > 0) code = `z.looseObject(${literal})`;
  else if (additional === false) code = `z.strictObject(${literal})`;
  else if (loose) code = `z.looseObject(${literal})`;
  else {
    const rest = e.node(additional as Schema, child(at, "additionalProperties"), ALL);
    code = keys.length === 0 ? `z.record(z.string(), ${rest})` : `z.object(${literal}).catchall(${rest})`;
  }

  const check = (keyword: string, message: string, test: string) => {
    code += e.check({ keyword, message, test }, "object");
  };
  if (patterns.length > 0) {
    e.helpers.add("extraKeysOk");
    const list = patterns.map(
      ([p, schema]) =>
        `[${e.regex(p, child(at, "patternProperties", p))}, ${e.hoistSchema(schema, child(at, "patternProperties", p), ALL)}] as const`,
    );
    const rest =
      additional === false
        ? "z.never()"
        : loose
          ? "undefined"
          : e.hoistSchema(additional as Schema, child(at, "additionalProperties"), ALL);
    const message = "expected every other property to match patternProperties or additionalProperties";
    check(
      "patternProperties",
      message,
      `extraKeysOk(v, ${JSON.stringify(keys)}, [${list.join(", ")}], ${rest})`,
    );
  }
  for (const key of absent.filter((k) => !inShape.includes(k))) {
    check("required", `expected property ${JSON.stringify(key)}`, `Object.hasOwn(v, ${JSON.stringify(key)})`);
  }
  if (s.propertyNames !== undefined) {
    const names = e.testFunction(s.propertyNames as Schema, child(at, "propertyNames"), STRING_ONLY);
    check(
      "propertyNames",
      "expected every property name to match propertyNames",
      `Object.keys(v).every(${names})`,
    );
  }
  if (typeof s.minProperties === "number" && s.minProperties > 0) {
    check(
      "minProperties",
      `expected at least ${s.minProperties} properties`,
      `Object.keys(v).length >= ${s.minProperties}`,
    );
  }
  if (typeof s.maxProperties === "number") {
    check(
      "maxProperties",
      `expected at most ${s.maxProperties} properties`,
      `Object.keys(v).length <= ${s.maxProperties}`,
    );
  }
  const dependent = dependencies(s);
  for (const [key, needs] of Object.entries(dependent.required)) {
    const test = `!Object.hasOwn(v, ${JSON.stringify(key)}) || ${JSON.stringify(needs)}.every((k) => Object.hasOwn(v, k))`;
    check("dependentRequired", `expected ${needs.join(", ")} wherever ${key} is present`, test);
  }
  for (const [key, { schema, keyword }] of Object.entries(dependent.schemas)) {
    const name = e.hoistSchema(schema, child(at, keyword, key), ALL);
    const test = `!Object.hasOwn(v, ${JSON.stringify(key)}) || holds(${name}, v)`;
    check("dependentSchemas", `expected the object to match ${keyword}/${key} since ${key} is present`, test);
  }
  return code;
}

/** `dependentRequired`/`dependentSchemas` (2020-12) and their draft-07 spelling `dependencies`. */
function dependencies(s: SchemaObject): {
  required: Record<string, string[]>;
  schemas: Record<string, { schema: Schema; keyword: string }>;
} {
  const required: Record<string, string[]> = { ...((s.dependentRequired ?? {}) as Record<string, string[]>) };
  const schemas: Record<string, { schema: Schema; keyword: string }> = {};
  for (const [k, schema] of Object.entries((s.dependentSchemas ?? {}) as Record<string, Schema>))
    schemas[k] = { schema, keyword: "dependentSchemas" };
  for (const [k, dep] of Object.entries((s.dependencies ?? {}) as Record<string, unknown>)) {
    if (Array.isArray(dep)) required[k] = dep as string[];
    else schemas[k] = { schema: dep as Schema, keyword: "dependencies" };
  }
  return { required, schemas };
}
