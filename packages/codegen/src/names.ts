import type { Registry, SchemaFile, SchemaSet } from "@keel/schema-model";
import { joinPointer } from "@keel/schema-model";

/** A named, exported definition: `XxxSchema` in zod, `Xxx` as a type. */
export interface NamedDefinition {
  name: string;
  /** the protocol whose package exports it (another protocol's for cross-protocol $refs) */
  protocol: string;
  file: SchemaFile;
  /** JSON Pointer inside the file: "" for a root, "/$defs/Step" for a definition */
  pointer: string;
}

/**
 * Name every definition of one protocol's files, plus the roots a document type points at:
 * `outcome_report` → `OutcomeReport`; a root takes its document type's name (`Trail`), or
 * `<Name>Document` when a definition already has that name; a later file's colliding definition is
 * prefixed with its file's stem (`SourceEnvelopePlainText`). A definition already ending in `Schema`
 * drops it (`ObjectTypeSchema` → type `ObjectType`, zod `ObjectTypeSchema`) unless that name is taken.
 */
export function nameDefinitions(
  registry: Registry,
  protocol: string,
  files: readonly SchemaFile[],
): NamedDefinition[] {
  const out: NamedDefinition[] = [];
  const taken = new Set<string>();
  const claim = (candidate: string): string => {
    const wanted = RESERVED.has(candidate) ? `${candidate}Document` : candidate;
    let name = wanted;
    for (let i = 2; taken.has(name); i++) name = `${wanted}${i}`;
    taken.add(name);
    return name;
  };
  const declared = new Set(
    files
      .flatMap((f) => Object.keys((f.schema[f.schema.$defs ? "$defs" : "definitions"] ?? {}) as object))
      .map(pascal),
  );
  for (const [index, file] of files.entries()) {
    const keyword = file.schema.$defs ? "$defs" : "definitions";
    for (const defName of Object.keys((file.schema[keyword] ?? {}) as object)) {
      const base = withoutSchemaSuffix(pascal(defName), declared);
      const name = claim(taken.has(base) && index > 0 ? pascal(stem(file.name)) + base : base);
      out.push({ name, protocol, file, pointer: joinPointer("", keyword, defName) });
    }
  }
  for (const [type, doc] of Object.entries(registry.protocols[protocol]?.documentTypes ?? {})) {
    const file = files.find((f) => f.name === doc.schema);
    if (doc.pointer !== "#" || file === undefined || out.some((d) => d.file === file && d.pointer === ""))
      continue;
    const base = withoutSchemaSuffix(pascal(type), declared);
    out.push({ name: claim(taken.has(base) ? `${base}Document` : base), protocol, file, pointer: "" });
  }
  return out;
}

/** Names for a schema set: its own definitions, and those of the protocols it references. */
export class NameTable {
  readonly own: NamedDefinition[];
  private readonly byKey = new Map<string, NamedDefinition>();

  constructor(registry: Registry, set: SchemaSet) {
    this.own = nameDefinitions(registry, set.protocol, set.own);
    const others = new Set(set.all.map((f) => f.protocol).filter((p) => p !== set.protocol));
    const referenced = [...others].flatMap((p) =>
      nameDefinitions(
        registry,
        p,
        set.all.filter((f) => f.protocol === p && f.version === "working"),
      ),
    );
    for (const def of [...referenced, ...this.own]) this.byKey.set(key(def.file, def.pointer), def);
  }

  /** The named definition at `pointer` in `file`, if that spot has a name. */
  lookup(file: SchemaFile, pointer: string): NamedDefinition | undefined {
    return this.byKey.get(key(file, pointer));
  }
}

const key = (file: SchemaFile, pointer: string): string => `${file.id}#${pointer}`;

/** Global TypeScript/JavaScript names a generated type or schema constant must not shadow. */
export const RESERVED = new Set([
  "Array",
  "Boolean",
  "Date",
  "Error",
  "Function",
  "Map",
  "Number",
  "Object",
  "Partial",
  "Promise",
  "Readonly",
  "Record",
  "Required",
  "Set",
  "String",
  "Symbol",
]);
/**
 * `FooSchema` → `Foo` (type `Foo`, zod `FooSchema`). When `Foo` is a global, the definition keeps its own
 * name (MCP's `StringSchema` stays type `StringSchema`, zod `StringSchemaSchema`; `Schema` stays
 * `Schema`) rather than one the schema never says. Only when `Foo` is another definition, whose zod
 * constant is already `FooSchema`, is the type `FooDefinition`.
 */
export function withoutSchemaSuffix(name: string, declared: ReadonlySet<string>): string {
  const bare = name.replace(/(?:Schema)+$/, "");
  if (bare === name || bare === "" || RESERVED.has(bare)) return name;
  return declared.has(bare) ? `${bare}Definition` : bare;
}

const stem = (fileName: string): string => fileName.replace(/\.schema\.json$/, "").replace(/\.v\d+$/, "");

/** `outcome_report`, `actionMaterial`, `source-envelope` → `OutcomeReport`, `ActionMaterial`, `SourceEnvelope`. */
export function pascal(text: string): string {
  const words = text.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const name = words.map((w) => w.charAt(0).toUpperCase() + w.slice(1)).join("");
  return /^[0-9]/.test(name) ? `T${name}` : name || "Anonymous";
}
