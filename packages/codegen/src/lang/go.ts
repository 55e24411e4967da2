import { goRuntime } from "./go-runtime.js";
import { goField, unique, variantNames } from "./idents.js";
import type { Field, LangModel, Shape, TypeDef } from "./model.js";
import { recursiveRefs } from "./recursion.js";

export const goPackage = (protocol: string): string => protocol.replace(/[^a-z0-9]/g, "");
export const goModule = (protocol: string): string =>
  `github.com/keel/keel/packages/protocol-${protocol}/lang/go`;

/**
 * A Go 1.19 module (no `omitzero`): required members are never `omitempty` (a required false, 0 or ""
 * survives); optional ones are pointers (absence and zero differ); optional-and-nullable ones are
 * `Nullable[T]`; JSON values of no single shape are `json.RawMessage`, kept byte for byte; integers the
 * schema does not bound within int64 are `json.Number`, the bounded ones `Int`.
 */
export function goFiles(model: LangModel, _version: string): Array<{ name: string; content: string }> {
  const pkg = goPackage(model.protocol);
  return [
    { name: "go.mod", content: `module ${goModule(model.protocol)}\n\ngo 1.19\n` },
    { name: "keel.go", content: goRuntime(pkg) },
    { name: "types.go", content: typesFile(model, pkg) },
  ];
}

function typesFile(model: LangModel, pkg: string): string {
  const types = new Map(model.types.map((t) => [t.name, t]));
  const boxed = recursiveRefs(model.types);
  const g = new GoTypes(types, boxed);
  const out = [`package ${pkg}`, "", 'import "encoding/json"', ""];
  for (const t of model.types) out.push(...g.typeDef(t), "");
  out.push(
    "// Documents maps each document type to a new value its documents decode into.",
    "var Documents = map[string]func() any{",
    ...model.documents.map(
      ({ type, name }) => `\t${JSON.stringify(type)}: func() any { return new(${name}) },`,
    ),
    "}",
    "",
  );
  return out.join("\n");
}

class GoTypes {
  constructor(
    private readonly types: Map<string, TypeDef>,
    private readonly boxed: Set<string>,
  ) {}

  typeDef(t: TypeDef): string[] {
    if (t.kind === "enum") {
      const names = variantNames(t.values);
      return [
        `type ${t.name} string`,
        "",
        "const (",
        ...t.values.map((v, i) => `\t${t.name}${names[i]} ${t.name} = ${JSON.stringify(v)}`),
        ")",
      ];
    }
    if (t.kind === "alias") return [`type ${t.name} = ${this.type(t.shape)}`];
    if (t.kind === "union") return union(t);
    const names = unique(
      t.fields.map((f) => goField(f.json)),
      "",
    );
    const extra = unique([...names, "Extra"], "").at(-1) as string;
    const lines = [`type ${t.name} struct {`];
    t.fields.forEach((f, i) => {
      lines.push(`\t${names[i]} ${this.fieldType(t.name, f)} \`json:${JSON.stringify(this.tag(f))}\``);
    });
    if (t.extra !== undefined)
      lines.push(
        "\t// members the schema does not name, kept as they are",
        `\t${extra} map[string]${this.type(t.extra)} \`json:"-"\``,
      );
    lines.push("}");
    if (t.extra !== undefined) {
      const known = t.fields.map((f) => `${JSON.stringify(f.json)}: true`).join(", ");
      lines.push(
        "",
        `func (x *${t.name}) UnmarshalJSON(b []byte) error {`,
        `\ttype plain ${t.name}`,
        "\tif err := json.Unmarshal(b, (*plain)(x)); err != nil {",
        "\t\treturn err",
        "\t}",
        `\treturn unmarshalExtra(b, &x.${extra}, map[string]bool{${known}})`,
        "}",
        "",
        `func (x ${t.name}) MarshalJSON() ([]byte, error) {`,
        `\ttype plain ${t.name}`,
        `\treturn marshalExtra(plain(x), x.${extra})`,
        "}",
      );
    }
    return lines;
  }

  private tag(f: Field): string {
    return f.required ? f.json : `${f.json},omitempty`;
  }

  private fieldType(owner: string, f: Field): string {
    const s = this.resolveAlias(f.shape);
    if (f.required) return this.type(f.shape, this.boxed.has(`${owner}>${refName(f.shape)}`));
    if (s.k === "any" || s.k === "null") return this.type(f.shape);
    if (s.k === "nullable") return `Nullable[${this.type(s.inner)}]`;
    return `*${this.type(f.shape)}`;
  }

  private resolveAlias(s: Shape): Shape {
    for (let i = 0; i < 16 && s.k === "ref"; i++) {
      const t = this.types.get(s.name);
      if (t?.kind !== "alias") break;
      s = t.shape;
    }
    return s;
  }

  type(s: Shape, box = false): string {
    switch (s.k) {
      case "any":
      case "null":
        return "json.RawMessage";
      case "bool":
        return "bool";
      case "int":
        return "Int";
      case "bigint":
        // digit for digit, however large (the schema does not bound it within int64)
        return "json.Number";
      case "number":
        return "float64";
      case "string":
        return "string";
      case "array":
        return `[]${this.type(s.item)}`;
      case "map":
        return `map[string]${this.type(s.value)}`;
      case "nullable": {
        const inner = this.type(s.inner);
        // slices, maps and raw JSON are nil for null already
        return /^(\[\]|map\[|json\.RawMessage)/.test(inner) ? inner : `*${inner}`;
      }
      case "ref":
        return box ? `*${s.name}` : s.name;
    }
  }
}

function union(t: Extract<TypeDef, { kind: "union" }>): string[] {
  const how = t.tag ? `by ${JSON.stringify(t.tag.json)}` : "the first that keeps the value";
  const lines = [
    `// ${t.name} is one of ${t.variants.join(", ")} (${how}); exactly one is set.`,
    `type ${t.name} struct {`,
    ...t.variants.map((v) => `\t${v} *${v}`),
    "}",
    "",
    `func (u *${t.name}) UnmarshalJSON(b []byte) error {`,
    `\t*u = ${t.name}{}`,
  ];
  if (t.tag) {
    lines.push(
      `\tvar probe struct {\n\t\tTag string \`json:${JSON.stringify(t.tag.json)}\`\n\t}`,
      "\tif err := json.Unmarshal(b, &probe); err != nil {",
      "\t\treturn err",
      "\t}",
      "\tswitch probe.Tag {",
      ...t.variants.flatMap((v, i) => [
        `\tcase ${JSON.stringify(t.tag?.values[i])}:`,
        `\t\tu.${v} = new(${v})`,
        `\t\treturn json.Unmarshal(b, u.${v})`,
      ]),
      "\t}",
      `\treturn unknownVariant(${JSON.stringify(t.name)})`,
    );
  } else {
    for (const v of t.variants)
      lines.push(`\tif v, same := keeps[${v}](b); same {`, `\t\tu.${v} = v`, "\t\treturn nil", "\t}");
    for (const v of t.variants)
      lines.push(
        `\tif v := new(${v}); json.Unmarshal(b, v) == nil {`,
        `\t\tu.${v} = v`,
        "\t\treturn nil",
        "\t}",
      );
    lines.push(`\treturn unknownVariant(${JSON.stringify(t.name)})`);
  }
  lines.push(
    "}",
    "",
    `func (u ${t.name}) MarshalJSON() ([]byte, error) {`,
    "\tswitch {",
    ...t.variants.flatMap((v) => [`\tcase u.${v} != nil:`, `\t\treturn json.Marshal(u.${v})`]),
    "\t}",
    '\treturn []byte("null"), nil',
    "}",
  );
  return lines;
}

const refName = (s: Shape): string => (s.k === "ref" ? s.name : "");
