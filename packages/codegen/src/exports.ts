import type { Registry, SchemaSet } from "@keel/schema-model";
import { documentTypeDefinition } from "./document-types.js";
import { type NameTable, pascal } from "./names.js";

/**
 * The protocol package's generated public API, by name: index.ts re-exports this barrel, so a new
 * document type (or a first downgrade) reaches the package's API without a hand-kept list, and
 * `keel gen --check` fails when the list is stale.
 */
export function generateExportsModule(
  registry: Registry,
  set: SchemaSet,
  names: NameTable,
  withDowngrade: boolean,
): string {
  const types = Object.keys(registry.protocols[set.protocol]?.documentTypes ?? {});
  const typeNames = unique(types.map((t) => documentTypeDefinition(registry, set, names, t).name));
  const api = ["documentTypes", ...types.flatMap((t) => [`parse${pascal(t)}`, `validate${pascal(t)}`])];
  const lines = [
    exportFrom(["Engine", "Finding", "ValidationResult"], "@keel/diagnostics", "type"),
    ...(withDowngrade
      ? [exportFrom(["DowngradeChange", "DowngradeResult", "FillRequest"], "@keel/downgrade", "type")]
      : []),
    exportFrom(api, "./api.gen.js"),
    exportFrom(["protocol", "registryEntry", "schemaFiles"], "./constants.gen.js"),
    ...(withDowngrade
      ? [
          exportFrom(["DowngradeRoot", "DowngradeTarget"], "./downgrade.gen.js", "type"),
          exportFrom(["downgradePlans", "downgradeTo"], "./downgrade.gen.js"),
        ]
      : []),
    exportFrom(typeNames, "./types.gen.js", "type"),
    exportFrom(
      typeNames.map((n) => `${n}Schema`),
      "./zod.gen.js",
    ),
  ];
  return `${lines.join("\n")}\n`;
}

const exportFrom = (names: string[], from: string, kind?: "type"): string =>
  `export ${kind === "type" ? "type " : ""}{ ${unique(names).join(", ")} } from ${JSON.stringify(from)};`;

const unique = (names: string[]): string[] => [...new Set(names)].sort();
