import { getAtPointer, type Registry, type SchemaObject, SchemaSet } from "@keel/schema-model";
import { InputData, JSONSchemaInput, JSONSchemaStore, quicktype } from "quicktype-core";
import { type NamedDefinition, NameTable, RESERVED } from "../names.js";
import { aliasType } from "./alias.js";
import { type InlineUnion, replacePlaceholders } from "./inline-unions.js";
import { narrowNumericConsts, schemasByTitle } from "./numeric-consts.js";
import { openContentTitles, titledSchemas } from "./titles.js";
import { dropUnusedDeclarations } from "./unused.js";

/** Serves schemas from memory, so quicktype never fetches a `$id` URL over the network. */
class SetStore extends JSONSchemaStore {
  constructor(private readonly schemas: Map<string, SchemaObject>) {
    super();
  }

  async fetch(address: string): Promise<SchemaObject | undefined> {
    return this.schemas.get(address.replace(/#.*$/, ""));
  }
}

/**
 * TypeScript types for every named definition of a protocol, via quicktype (`just-types`, string
 * literal unions, `type` aliases, all exported). Types that belong to a referenced protocol (Mira →
 * ATIF) are imported from its package `@keel/<protocol>` instead of being declared again.
 */
export async function generateTypesModule(registry: Registry, set: SchemaSet): Promise<string> {
  const declarations = await quicktypeDeclarations(set, new NameTable(registry, set));
  const imports: string[] = [];
  for (const other of new Set(set.all.map((f) => f.protocol).filter((p) => p !== set.protocol))) {
    const otherOwn = set.all.filter((f) => f.protocol === other && f.version === "working");
    const otherSet = new SchemaSet(
      other,
      "working",
      otherOwn,
      set.all.filter((f) => !otherOwn.includes(f)),
    );
    const theirs = new Set((await quicktypeDeclarations(otherSet, new NameTable(registry, otherSet))).keys());
    const shared = [...declarations.keys()].filter((name) => theirs.has(name));
    for (const name of shared) declarations.delete(name);
    if (shared.length > 0)
      imports.push(`import type { ${shared.sort().join(", ")} } from "@keel/${other}/types";`);
  }
  const body = [...declarations.values()].join("\n\n");
  return `${imports.length > 0 ? `${imports.join("\n")}\n\n` : ""}${body}\n`;
}

/** quicktype's output split into top-level declarations (with their doc comments), by declared name. */
async function quicktypeDeclarations(set: SchemaSet, names: NameTable): Promise<Map<string, string>> {
  const unions: InlineUnion[] = [];
  const prepared = titledSchemas(set, names, unions);
  const byTitle = schemasByTitle(prepared.values());
  const open = openContentTitles(prepared.values());
  const input = new JSONSchemaInput(new SetStore(prepared));
  const aliases: string[] = [];
  for (const def of names.own) {
    const target = aliasType(set, names, def.file, getAtPointer(def.file.schema, def.pointer));
    if (target) aliases.push(`export type ${def.name} = ${target};`);
    else await input.addSource({ name: def.name, uris: [`${def.file.id}#${def.pointer}`] });
  }
  const inputData = new InputData();
  inputData.addInput(input);
  const { lines } = await quicktype({
    inputData,
    lang: "typescript",
    inferDateTimes: false,
    rendererOptions: {
      "just-types": "true",
      "prefer-unions": "true",
      "prefer-types": "true",
      "acronym-style": "original",
    } as Record<string, string>,
  });
  const out = new Map<string, string>();
  for (const chunk of lines
    .join("\n")
    .trim()
    .split(/\n{2,}/)) {
    const name = /^(?:export )?type (\w+)/m.exec(chunk)?.[1];
    if (name === undefined)
      throw new Error(`quicktype emitted a block without a type declaration:\n${chunk}`);
    // quicktype gives every object not closed by `additionalProperties: false` an index signature: kept
    // only where the schema declares open content
    const closed = open.has(name)
      ? chunk
      : chunk.replace(/^\s+\[property: string\]: (?:unknown|any);\n/gm, "");
    // an index signature must admit `undefined`, or optional siblings (`spl?: number`) do not type-check
    const body = closed.replace(/^(\s+\[property: string\]: )(.+);$/gm, (line, head: string, type: string) =>
      /\b(any|unknown)\b|undefined/.test(type) ? line : `${head}${type} | undefined;`,
    );
    out.set(
      name,
      narrowNumericConsts(name, widenNonEmptyTuples(body), byTitle).replace(/^type /m, "export type "),
    );
  }
  replacePlaceholders(out, unions);
  renameShadowingGlobals(out);
  for (const alias of aliases) out.set(/type (\w+)/.exec(alias)?.[1] as string, alias);
  for (const def of names.own) if (!out.has(def.name)) out.set(def.name, mapDeclaration(set, names, def));
  dropUnusedDeclarations(out, new Set(names.own.map((d) => d.name)));
  return out;
}

/**
 * quicktype inlines a definition that is only a map (`additionalProperties`, no properties) or an array of
 * a named type instead of naming it, so such definitions (myloop's experiment_design, JSONArray) are declared here.
 */
function mapDeclaration(set: SchemaSet, names: NameTable, def: NamedDefinition): string {
  const schema = getAtPointer(def.file.schema, def.pointer) as SchemaObject;
  const items = schema.items as SchemaObject | undefined;
  if (schema.type === "array" && typeof items?.$ref === "string") {
    const target = set.resolve(items.$ref, def.file);
    return `export type ${def.name} = ${names.lookup(target.file, target.pointer)?.name ?? "unknown"}[];`;
  }
  const values = schema.additionalProperties as SchemaObject | boolean | undefined;
  if (schema.properties !== undefined || values === undefined || values === false) {
    throw new Error(`quicktype declared no type for ${def.name} (${def.file.name}#${def.pointer})`);
  }
  const ref =
    typeof values === "object" && typeof values.$ref === "string"
      ? set.resolve(values.$ref, def.file)
      : undefined;
  const valueType = (ref && names.lookup(ref.file, ref.pointer)?.name) ?? "unknown";
  return `export type ${def.name} = { [key: string]: ${valueType} };`;
}

/**
 * quicktype turns `minItems: n` into a tuple `[T, ...T[]]`; types stay upper bounds of the shape
 * (zod infers `T[]` and checks the bound at run time), so widen them back to `T[]`.
 */
function widenNonEmptyTuples(text: string): string {
  return text.replace(/\[((?:[\w.]+, )+)\.\.\.([\w.]+)\[\]\]/g, (whole, heads: string, rest: string) =>
    heads
      .split(", ")
      .filter(Boolean)
      .every((h) => h === rest)
      ? `${rest}[]`
      : whole,
  );
}

/**
 * quicktype may pick a global's name for a type (myloop's `record` → `Record`) whatever name it was
 * given; rename such a declaration and its uses (outside comments) the way NameTable names it.
 */
function renameShadowingGlobals(declarations: Map<string, string>): void {
  for (const name of [...declarations.keys()].filter((n) => RESERVED.has(n))) {
    const renamed = `${name}Document`;
    const use = new RegExp(`\\b${name}\\b(?!<)`, "g");
    for (const [key, text] of declarations) {
      const body = text
        .split("\n")
        .map((line) => (/^\s*(\/\*\*|\*)/.test(line) ? line : line.replace(use, renamed)))
        .join("\n");
      declarations.set(key, body);
    }
    declarations.set(renamed, declarations.get(name) as string);
    declarations.delete(name);
  }
}
