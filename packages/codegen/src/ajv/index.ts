import { compileSchemaSet, createAjv, type Registry, type SchemaSet } from "@keel/schema-model";
import standaloneModule from "ajv/dist/standalone/index.js";
import { pascal } from "../names.js";
import { EMPTY_ERROR, emptyErrorObjects } from "./empty-errors.js";
import { guardLengthChecks } from "./length-bounds.js";
import { dropUnusedSchemas } from "./unused-schemas.js";
import { verdictSchemaSet } from "./verdict-schemas.js";

/**
 * ajv's standalone validators for every document type (`validateTrail`, …), compiled with keel's one
 * ajv configuration. ajv emits `require()` calls for its runtime helpers even in ESM mode, hence the
 * `createRequire` shim; the file is not type-checked (ajv's code is untyped).
 *
 * Each export first runs ajv's first-error validator (`allErrors: false`, error objects emptied: it stops at
 * the first failure and allocates next to nothing) and only when that rejects runs the all-errors validator,
 * whose verdict and errors are returned. ajv's verdict does not depend on `allErrors`, so verdicts and
 * errors are plain ajv's (test/ajv-equivalence and test/ajv-property check it). Both are emitted, each in
 * its own scope, with code-point counts skipped where the UTF-16 length decides (length-bounds.ts).
 */
export function generateAjvModule(registry: Registry, set: SchemaSet): string {
  const types = Object.keys(registry.protocols[set.protocol]?.documentTypes ?? {});
  return fastAjvModule(set, (ajv, schemas) => {
    const compiled = compileSchemaSet(registry, schemas, ajv);
    for (const type of types) compiled.validator(type);
    return Object.fromEntries(types.map((type) => [validatorName(type), compiled.refOf(type)]));
  });
}

/**
 * The module for any set of refs (`name → schema ref`); `compile` compiles the given schema set into the given
 * ajv instance and returns the refs to export. The first-error validators are compiled from the set rewritten
 * for a sooner verdict (verdict-schemas.ts), the all-errors ones from the set as written. Exported for the
 * benchmark, which adds a non-document definition.
 */
export function fastAjvModule(
  set: SchemaSet,
  compile: (ajv: ReturnType<typeof createAjv>, schemas: SchemaSet) => Record<string, string>,
): string {
  const scope = (allErrors: boolean) => {
    const ajv = createAjv(set.draft, { allErrors, code: { source: true, esm: false, lines: true } });
    const refs = compile(ajv, allErrors ? set : verdictSchemaSet(set));
    for (const ref of Object.values(refs)) ajv.getSchema(ref);
    const code = dropUnusedSchemas(guardLengthChecks(standaloneCode(ajv, refs)));
    return { names: Object.keys(refs), code: allErrors ? code : emptyErrorObjects(code) };
  };
  const first = scope(false);
  const all = scope(true);
  return [
    "// @ts-nocheck",
    'import { createRequire } from "node:module";',
    "const require = createRequire(import.meta.url);",
    "// first-error validators (allErrors: false): the verdict",
    `const ${EMPTY_ERROR} = {};`,
    `const first = (function (exports) {\n${first.code}\nreturn exports;\n})({});`,
    "// all-errors validators (allErrors: true): the findings, run only on invalid documents",
    `const all = (function (exports) {\n${all.code}\nreturn exports;\n})({});`,
    ...all.names.map((name) => wrapper(name)),
  ].join("\n");
}

const wrapper = (name: string): string =>
  [
    `export function ${name}(data) {`,
    `  if (first.${name}(data)) {`,
    `    ${name}.errors = null;`,
    "    return true;",
    "  }",
    `  const valid = all.${name}(data);`,
    `  ${name}.errors = all.${name}.errors;`,
    "  return valid;",
    "}",
  ].join("\n");

// CommonJS default export: under nodenext the callable sits on `.default`.
const standaloneCode = (
  standaloneModule as unknown as { default: (ajv: unknown, refs: Record<string, string>) => string }
).default;

export const validatorName = (documentType: string): string => `validate${pascal(documentType)}`;
