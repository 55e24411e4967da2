import type { Registry, SchemaSet } from "@keel/schema-model";
import { documentTypeDefinition } from "./document-types.js";
import type { NameTable } from "./names.js";

/**
 * A type-level test, compiled with the package: for every document type, the type zod infers and the
 * quicktype type are mutually assignable, apart from the cases the protocol's registry entry lists
 * (`typesWiderThanParsed`) where quicktype's is wider. A
 * mismatch (or a listed case that now agrees) fails `tsc`, so the package does not build.
 */
export function generateTypeChecksModule(registry: Registry, set: SchemaSet, names: NameTable): string {
  const defs = Object.keys(registry.protocols[set.protocol]?.documentTypes ?? {}).map((type) =>
    documentTypeDefinition(registry, set, names, type),
  );
  const unique = [...new Set(defs.map((d) => d.name))].sort();
  return [
    'import type { z } from "zod";',
    `import type { ${unique.join(", ")} } from "./types.gen.js";`,
    `import type { ${unique.map((n) => `${n}Schema`).join(", ")} } from "./zod.gen.js";`,
    "",
    "type Fits<A, B> = [A] extends [B] ? true : false;",
    "type Assert<T extends true> = T;",
    "type Not<T extends boolean> = T extends true ? false : true;",
    "",
    ...unique.flatMap((n) => {
      const wider = registry.protocols[set.protocol]?.typesWiderThanParsed?.[n];
      const reverse = `Fits<${n}, z.output<typeof ${n}Schema>>`;
      return [
        `export type ${n}ParsedFitsType = Assert<Fits<z.output<typeof ${n}Schema>, ${n}>>;`,
        ...(wider === undefined
          ? [`export type ${n}TypeFitsParsed = Assert<${reverse}>;`]
          : [
              `/** Known: ${wider} (typesWiderThanParsed in schemas/registry.json). */`,
              `export type ${n}TypeWiderThanParsed = Assert<Not<${reverse}>>;`,
            ]),
      ];
    }),
    "",
  ].join("\n");
}
