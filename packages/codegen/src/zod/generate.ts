import type { Registry, Schema, SchemaSet } from "@keel/schema-model";
import { protocolEntry } from "@keel/schema-model";
import {
  Project,
  type StatementStructures,
  StructureKind,
  VariableDeclarationKind,
  type WriterFunction,
} from "ts-morph";
import type { NamedDefinition, NameTable } from "../names.js";
import type { Location } from "./context.js";
import { mentionsControlCharacters } from "./emit-scalar.js";
import { Emitter, type PackageOf } from "./emitter.js";
import { orderDefinitions, refsIn } from "./order.js";
import { AJV_FORMATS_IMPORT, runtimeImport } from "./runtime.js";
import { schemaAt } from "./schema-util.js";

export interface ZodModuleOptions {
  /** module to import another protocol's `XxxSchema` from; default `@keel/<protocol>` */
  packageOf?: PackageOf;
  /** the module declaring the package's TypeScript types (`./types.gen.js`): recursive lazies name them */
  typesModule?: string;
}

/**
 * The TypeScript source (no header, unformatted) of a module exporting one `XxxSchema` per definition of
 * `set`'s own files, in dependency order, named as `names` names them. It imports zod, the helpers its
 * checks call (`@keel/zod-runtime`), ajv-formats' table when a format needs it, and the packages of
 * protocols it references.
 */
export function generateZodModule(
  registry: Registry,
  set: SchemaSet,
  names: NameTable,
  options: ZodModuleOptions = {},
): string {
  protocolEntry(registry, set.protocol);
  const emitter = new Emitter(
    set,
    names,
    options.packageOf ?? ((protocol) => `@keel/${protocol}`),
    options.typesModule,
  );
  const ordered = orderDefinitions(names.own, (def) => ownTargets(emitter, def));
  const definitions = ordered.map(({ def, cycle }) => ({ def, code: emitter.definition(def, cycle) }));

  if (definitions.length > 0) emitter.helpers.add("compileOnUse");
  const statements: (string | WriterFunction | StatementStructures)[] = [
    { kind: StructureKind.ImportDeclaration, moduleSpecifier: "zod", namedImports: ["z"] },
  ];
  const { imports } = emitter;
  if (emitter.typesModule !== undefined && imports.types.size > 0)
    statements.push({
      kind: StructureKind.ImportDeclaration,
      isTypeOnly: true,
      moduleSpecifier: emitter.typesModule,
      namedImports: [...imports.types].sort(),
    });
  if (imports.helpers.has("ajvFormat"))
    statements.push({ kind: StructureKind.ImportDeclaration, ...AJV_FORMATS_IMPORT });
  if (imports.helpers.size > 0)
    statements.push({ kind: StructureKind.ImportDeclaration, ...runtimeImport(imports.helpers) });
  for (const [module, imported] of [...imports.foreign].sort(([a], [b]) => a.localeCompare(b))) {
    const namedImports = [...imported]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, alias]) => (alias === name ? { name } : { name, alias }));
    statements.push({ kind: StructureKind.ImportDeclaration, moduleSpecifier: module, namedImports });
  }
  for (const { name, literal } of emitter.pool.patterns) {
    const why =
      "biome-ignore lint/suspicious/noControlCharactersInRegex: the schema's pattern names control characters";
    statements.push(
      mentionsControlCharacters(literal)
        ? `const ${name} =\n  // ${why}\n  ${literal};`
        : `const ${name} = ${literal};`,
    );
  }
  for (const { def, code } of definitions) {
    const doc = docOf(schemaAt(def));
    statements.push({
      kind: StructureKind.VariableStatement,
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      declarations: [{ name: `${def.name}Schema`, initializer: code }],
      ...(doc === undefined ? {} : { docs: [doc] }),
    });
  }
  if (emitter.hoister.hoisted.length > 0)
    statements.push(
      "// Subschemas applied in place (allOf, if/then/else, not, contains…), used by the checks above.",
    );
  for (const { name, code } of emitter.hoister.hoisted) {
    statements.push({
      kind: StructureKind.VariableStatement,
      declarationKind: VariableDeclarationKind.Const,
      declarations: [{ name, initializer: code }],
    });
  }
  // every zod schema of the module runs compiled from its first use
  const schemas = [
    ...definitions.map(({ def }) => `${def.name}Schema`),
    ...emitter.hoister.hoisted.filter((h) => h.zod).map((h) => h.name),
  ];
  if (definitions.length > 0) statements.push(`compileOnUse([${schemas.join(", ")}]);`);
  const file = project().createSourceFile(`${set.protocol}.zod.ts`, { statements }, { overwrite: true });
  const text = file.getFullText();
  file.forget();
  return text;
}

let shared: Project | undefined;
const project = (): Project => {
  shared ??= new Project({ useInMemoryFileSystem: true });
  return shared;
};

/** The definitions of the same protocol that `def` references, looking through unnamed `$ref` targets. */
function ownTargets(emitter: Emitter, def: NamedDefinition): NamedDefinition[] {
  const out: NamedDefinition[] = [];
  const seen = new Set<string>();
  const visit = (schema: Schema, at: Location): void => {
    for (const { ref, at: from } of refsIn(schema, at)) {
      const target = emitter.resolveRef(ref, from);
      const named = emitter.namedTarget(target.at);
      if (named === undefined) {
        const key = `${target.at.file.id}#${target.at.pointer}`;
        if (!seen.has(key)) {
          seen.add(key);
          visit(target.schema, target.at);
        }
      } else if (named.protocol === emitter.set.protocol && !out.includes(named)) out.push(named);
    }
  };
  visit(schemaAt(def), { file: def.file, pointer: def.pointer });
  return out;
}

/** A definition's description (or title) as JSDoc text. */
function docOf(schema: Schema): string | undefined {
  if (typeof schema !== "object") return undefined;
  const text = typeof schema.description === "string" ? schema.description : schema.title;
  return typeof text === "string" ? text.replaceAll("*/", "*\\/") : undefined;
}
