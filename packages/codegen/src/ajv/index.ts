import { compileSchemaSet, createAjv, type Registry, type SchemaSet } from "@keel/schema-model";
import standaloneModule from "ajv/dist/standalone/index.js";
import { pascal } from "../names.js";

/**
 * ajv's standalone validators for every document type (`validateTrail`, …), compiled with keel's one
 * ajv configuration. ajv emits `require()` calls for its runtime helpers even in ESM mode, hence the
 * `createRequire` shim; the file is not type-checked (ajv's code is untyped).
 */
export function generateAjvModule(registry: Registry, set: SchemaSet): string {
  const ajv = createAjv(set.draft, { code: { source: true, esm: true, lines: true } });
  const compiled = compileSchemaSet(registry, set, ajv);
  const refs: Record<string, string> = {};
  for (const type of Object.keys(registry.protocols[set.protocol]?.documentTypes ?? {})) {
    refs[validatorName(type)] = compiled.refOf(type);
    compiled.validator(type);
  }
  const code = standaloneCode(ajv, refs);
  return [
    "// @ts-nocheck",
    'import { createRequire } from "node:module";',
    "const require = createRequire(import.meta.url);",
    code.replace(/^"use strict";/, ""),
  ].join("\n");
}

// CommonJS default export: under nodenext the callable sits on `.default`.
const standaloneCode = (
  standaloneModule as unknown as { default: (ajv: unknown, refs: Record<string, string>) => string }
).default;

export const validatorName = (documentType: string): string => `validate${pascal(documentType)}`;
