import type { Registry, SchemaSet } from "@keel/schema-model";
import { validatorName } from "./ajv/index.js";
import { documentTypeDefinition } from "./document-types.js";
import { type NameTable, pascal } from "./names.js";

/**
 * The protocol package's typed API per document type: `validate<Type>(doc, engine?)` → `{ valid,
 * findings }` (ajv by default, zod on request) and `parse<Type>(doc)` → the typed document (zod), plus
 * the document-type table the CLI dispatches on.
 */
export function generateApiModule(registry: Registry, set: SchemaSet, names: NameTable): string {
  const types = Object.entries(registry.protocols[set.protocol]?.documentTypes ?? {});
  const rows = types.map(([type]) => ({
    type,
    fn: pascal(type),
    name: documentTypeDefinition(registry, set, names, type).name,
  }));
  const lines = [
    'import { type Engine, runValidator, runZod, type ValidationResult } from "@keel/diagnostics";',
    'import * as ajv from "./ajv.gen.js";',
    `import type { ${unique(rows.map((r) => r.name)).join(", ")} } from "./types.gen.js";`,
    `import { ${unique(rows.map((r) => `${r.name}Schema`)).join(", ")} } from "./zod.gen.js";`,
    "",
  ];
  for (const r of rows) {
    lines.push(
      `/** Validate a ${set.protocol} ${r.type} document against its canonical schema. */`,
      `export function validate${r.fn}(document: unknown, engine: Engine = "ajv"): ValidationResult {`,
      `  return engine === "zod" ? runZod(${r.name}Schema, document) : runValidator(ajv.${validatorName(r.type)}, document);`,
      "}",
      "",
      `/** Parse a ${set.protocol} ${r.type} document, throwing a ZodError when it is invalid. */`,
      `export function parse${r.fn}(document: unknown): ${r.name} {`,
      `  return ${r.name}Schema.parse(document) as ${r.name};`,
      "}",
      "",
    );
  }
  lines.push(
    "/** Every document type of the protocol, by its registry name. */",
    "export const documentTypes = {",
    ...rows.map((r) => `  ${JSON.stringify(r.type)}: { validate: validate${r.fn}, parse: parse${r.fn} },`),
    "} as const;",
    "",
  );
  return lines.join("\n");
}

/**
 * `checks.gen.ts`: each document type's ajv validator with its errors as findings, keyed by registry name.
 * It imports neither zod nor the types, so `keel validate` (ajv engine) loads the package's `./checks` entry
 * without zod and the zod schemas, ≈ 0.1 s of every run's start-up.
 */
export function generateChecksModule(registry: Registry, set: SchemaSet): string {
  const types = Object.keys(registry.protocols[set.protocol]?.documentTypes ?? {});
  return [
    'import { runValidator, type ValidationResult } from "@keel/diagnostics";',
    'import * as ajv from "./ajv.gen.js";',
    "",
    "/** Each document type's generated ajv validator, its errors as findings (what `validate<Type>` runs by default). */",
    "export const ajvChecks = {",
    ...types.map(
      (type) =>
        `  ${JSON.stringify(type)}: (document: unknown): ValidationResult => runValidator(ajv.${validatorName(type)}, document),`,
    ),
    "} as const;",
    "",
    "/** Each document type's verdict alone (ajv stops at the first error): for a caller that explains a rejection itself. */",
    "export const ajvVerdicts = {",
    ...types.map(
      (type) =>
        `  ${JSON.stringify(type)}: (document: unknown): boolean => ajv.verdict.${validatorName(type)}(document),`,
    ),
    "} as const;",
    "",
  ].join("\n");
}

const unique = (names: string[]): string[] => [...new Set(names)].sort();
