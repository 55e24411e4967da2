import { join } from "node:path";
import { loadSchemaSet, type Registry, type SchemaSet } from "@keel/schema-model";
import { generateExplainModules } from "./ajv/explain-module.js";
import { generateAjvModule } from "./ajv/index.js";
import { generateApiModule, generateChecksModule } from "./api.js";
import { generateConstantsModule } from "./constants.js";
import { generateDowngradeModule } from "./downgrade.js";
import { generateExportsModule } from "./exports.js";
import { formatWithBiome } from "./format.js";
import type { GeneratedFile } from "./generated-file.js";
import { header } from "./header.js";
import { NameTable } from "./names.js";
import { generatedDir } from "./paths.js";
import { generateTypeChecksModule } from "./type-checks.js";
import { generateTypesModule } from "./types/index.js";
import { generateZodModule } from "./zod/index.js";

/**
 * Every generated `.gen.ts` (under `src/generated/`) of one protocol package. ajv's standalone code (ajv.gen.ts, explain.gen.ts,
 * explain-unions.gen.ts, explain-definitions.gen.ts) is left as ajv prints it (Biome skips it: formatting ~1 MB of machine code buys nothing);
 * the rest is Biome-formatted.
 */
export async function generateProtocolPackage(
  root: string,
  registry: Registry,
  protocol: string,
  set: SchemaSet = loadSchemaSet(root, registry, protocol),
): Promise<GeneratedFile[]> {
  const names = new NameTable(registry, set);
  const dir = generatedDir(protocol);
  const modules: Array<[string, string, string]> = [
    ["constants.gen.ts", "registry entry and schemas", generateConstantsModule(registry, set)],
    ["types.gen.ts", "TypeScript types, quicktype", await generateTypesModule(registry, set)],
    [
      "zod.gen.ts",
      "zod schemas",
      // another protocol's schemas come through its subpath (`@keel/atif/zod`)
      generateZodModule(registry, set, names, {
        typesModule: "./types.gen.js",
        packageOf: (protocol) => `@keel/${protocol}/zod`,
      }),
    ],
    ["api.gen.ts", "validate and parse per document type", generateApiModule(registry, set, names)],
    ["checks.gen.ts", "the ajv check per document type, without zod", generateChecksModule(registry, set)],
    ["type-checks.gen.ts", "zod and quicktype types agree", generateTypeChecksModule(registry, set, names)],
  ];
  const downgrade = generateDowngradeModule(root, registry, set);
  const sources = (extra: SchemaSet[] = []) => [...set.own, ...extra.flatMap((s) => s.own)];
  if (downgrade !== undefined)
    modules.push([
      "downgrade.gen.ts",
      "downgrade plans to older released minors; the runtime is @keel/downgrade",
      downgrade.body,
    ]);
  modules.push([
    "exports.gen.ts",
    "the package's generated public API, by name; index.ts re-exports it",
    generateExportsModule(registry, set, names, downgrade !== undefined),
  ]);
  const files = await Promise.all(
    modules.map(async ([name, what, body]) => {
      const path = join(dir, name);
      const from = sources(name === "downgrade.gen.ts" ? downgrade?.sources : []);
      return { path, content: await formatWithBiome(root, path, header(root, from, what) + body) };
    }),
  );
  const ajvPath = join(dir, "ajv.gen.ts");
  files.push({
    path: ajvPath,
    content: `${header(root, set.own, "ajv standalone validators")}${generateAjvModule(registry, set)}\n`,
  });
  for (const { name, what, body } of generateExplainModules(registry, set)) {
    files.push({ path: join(dir, name), content: `${header(root, set.own, what)}${body}\n` });
  }
  return files.sort((a, b) => a.path.localeCompare(b.path));
}
