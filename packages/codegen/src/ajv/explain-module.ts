import { createHash } from "node:crypto";
import { compileSchemaSet, createAjv, type Registry, type SchemaSet, walk } from "@keel/schema-model";
import standaloneModule from "ajv/dist/standalone/index.js";
import { validatorName } from "./index.js";
import { guardLengthChecks } from "./length-bounds.js";
import { dropUnusedSchemas } from "./unused-schemas.js";

/**
 * `explain.gen.ts`: what `keel validate` explains a rejected document with, so that no schema is compiled at
 * run time. A verbose all-errors ajv (errors carry the offending data and the schema object holding the
 * keyword) for every document type, and every branch of every `anyOf`/`oneOf` compiled on its own, found
 * by the sha256 of the union's schema object (`JSON.stringify`, as verbose errors carry it). Loaded only when
 * a document fails (`@keel/validate` check/explain.ts), never on the valid path.
 */
export function generateExplainModule(registry: Registry, set: SchemaSet): string {
  const types = Object.keys(registry.protocols[set.protocol]?.documentTypes ?? {});
  const ajv = createAjv(set.draft, { verbose: true, strict: false, code: { source: true, esm: false } });
  const compiled = compileSchemaSet(registry, set, ajv);
  const refs: Record<string, string> = {};
  for (const type of types) refs[validatorName(type)] = compiled.refOf(type);
  const unions: [string, string[]][] = [];
  const seen = new Set<string>();
  for (const file of set.all) {
    for (const visit of walk(file.schema)) {
      const schema = visit.schema as Record<string, unknown>;
      for (const keyword of ["anyOf", "oneOf"]) {
        const branches = schema[keyword];
        if (!Array.isArray(branches)) continue;
        // the first schema object with this text wins, as a lookup by text would find it
        const key = unionKey(schema);
        if (seen.has(`${keyword}\0${key}`)) continue;
        seen.add(`${keyword}\0${key}`);
        const names = branches.map((_, i) => `u${unions.length}_${i}`);
        try {
          for (const [i, name] of names.entries()) {
            const ref = `${file.id}#${visit.pointer}/${keyword}/${i}`;
            ajv.getSchema(ref);
            refs[name] = ref;
          }
          unions.push([`${keyword} ${key}`, names]);
        } catch {
          for (const name of names) delete refs[name]; // a branch that does not compile alone: ajv's errors stay
        }
      }
    }
  }
  for (const ref of Object.values(refs)) ajv.getSchema(ref);
  const code = dropUnusedSchemas(guardLengthChecks(standaloneCode(ajv, refs)));
  return [
    "// @ts-nocheck",
    'import { createRequire } from "node:module";',
    "const require = createRequire(import.meta.url);",
    `const all = (function (exports) {\n${code}\nreturn exports;\n})({});`,
    "/** verbose all-errors validators by document type */",
    `export const validators = {\n${types.map((t) => `  ${JSON.stringify(t)}: all.${validatorName(t)},`).join("\n")}\n};`,
    '/** `"<keyword> <sha256 of the union\'s schema object>"` → a validator per branch */',
    `export const unionBranches = new Map([\n${unions.map(([key, names]) => `  [${JSON.stringify(key)}, [${names.map((n) => `all.${n}`).join(", ")}]],`).join("\n")}\n]);`,
  ].join("\n");
}

/** How check/explain.ts finds a union from a verbose error's `parentSchema`; the two must agree. */
export const unionKey = (schema: unknown): string =>
  createHash("sha256").update(JSON.stringify(schema)).digest("hex");

const standaloneCode = (
  standaloneModule as unknown as { default: (ajv: unknown, refs: Record<string, string>) => string }
).default;
