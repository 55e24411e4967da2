import { compileSchemaSet, createAjv, type Registry, type SchemaSet } from "@keel/schema-model";
import standaloneModule from "ajv/dist/standalone/index.js";
import { pascal } from "../names.js";
import { asciiOnly } from "./ascii.js";
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
 *
 * The all-errors validators are compiled `verbose` (each error also carries `schema`, `parentSchema` and
 * `data`), and the exports return the errors without those three: ajv's own. `verbose` exports them as they
 * are, for `@keel/validate`'s explanation of a rejected document (explain.gen.ts hands them on), which so
 * needs no second copy of the validators, and finds them compiled and warm.
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
    const code = { source: true, esm: false, lines: true };
    const ajv = createAjv(set.draft, { allErrors, verbose: allErrors, code });
    const refs = compile(ajv, allErrors ? set : verdictSchemaSet(set));
    for (const ref of Object.values(refs)) ajv.getSchema(ref);
    const source = asciiOnly(dropUnusedSchemas(guardLengthChecks(standaloneCode(ajv, refs))));
    return { names: Object.keys(refs), code: allErrors ? source : emptyErrorObjects(source) };
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
    "// ajv's error objects: a verbose error without the offending data and the schema objects",
    "const plain = (errors) => errors.map(({ schema, parentSchema, data, ...error }) => error);",
    ...all.names.map((name) => wrapper(name)),
    "/** the all-errors validators, whose errors are verbose: what a rejected document is explained with */",
    `export const verbose = {\n${all.names.map((name) => `  ${name}: all.${name},`).join("\n")}\n};`,
    "/** the first-error validators: the verdict alone, for a caller that explains a rejected document itself */",
    `export const verdict = {\n${first.names.map((name) => `  ${name}: first.${name},`).join("\n")}\n};`,
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
    `  ${name}.errors = valid ? null : plain(all.${name}.errors);`,
    "  return valid;",
    "}",
  ].join("\n");

/** ajv's standalone code for `refs` (name → compiled schema ref); CommonJS, so the callable sits on `.default`. */
export const standaloneCode = (
  standaloneModule as unknown as { default: (ajv: unknown, refs: Record<string, string>) => string }
).default;

export const validatorName = (documentType: string): string => `validate${pascal(documentType)}`;
