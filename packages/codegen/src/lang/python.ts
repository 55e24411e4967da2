import { pythonField, unique, variantNames } from "./idents.js";
import type { Field, LangModel, Shape, TypeDef } from "./model.js";

/** `keel_<protocol>`: the importable package name. */
export const pythonPackage = (protocol: string): string => `keel_${protocol.replace(/[^a-z0-9]/g, "_")}`;

/**
 * One module of stdlib dataclasses: `from_dict` reads a decoded JSON object, `to_dict` gives it back.
 * Optional members default to None; where null is a value of its own (nullable or any JSON value) absence
 * is `UNSET` instead, so absent and null stay apart.
 */
export function pythonModule(model: LangModel): string {
  const byName = new Map(model.types.map((t) => [t.name, t]));
  const out: string[] = [
    "from __future__ import annotations",
    "",
    "import math",
    "from dataclasses import dataclass, field",
    "from decimal import Decimal",
    "from enum import StrEnum",
    "from typing import Any, Callable, TypeAlias",
    "",
    "",
    "def parse_number(text: str) -> int | float:",
    '    """`json.loads(text, parse_float=parse_number)`: a number written with a fraction or exponent that is',
    "    a whole number a float cannot hold exactly (`9007199254740993.0`) is read as an exact int, so no digit",
    '    is lost; every other is a float, as json reads it by default."""',
    "    f = float(text)",
    "    if math.isfinite(f):",
    "        d = Decimal(text)",
    "        if d == d.to_integral_value() and Decimal(f) != d:",
    "            return int(d)",
    "    return f",
    "",
    "",
    "class _Unset:",
    '    """An optional member that was absent (None would be a JSON null)."""',
    "",
    "    def __repr__(self) -> str:",
    '        return "UNSET"',
    "",
    "    def __bool__(self) -> bool:",
    "        return False",
    "",
    "",
    "UNSET: Any = _Unset()",
    "",
    "",
    "def _first_keeping(v: Any, variants: tuple[Any, ...]) -> Any:",
    '    """An untagged union: the first variant that decodes `v` and encodes it back unchanged."""',
    "    first = None",
    "    for variant in variants:",
    "        try:",
    "            x = variant.from_dict(v)",
    "        except (KeyError, TypeError, ValueError, AttributeError):",
    "            continue",
    "        if x.to_dict() == v:",
    "            return x",
    "        if first is None:",
    "            first = x",
    "    if first is None:",
    '        raise ValueError("no variant of the union decodes this value")',
    "    return first",
    "",
  ];
  const ctx = new Ctx(byName);
  for (const t of model.types) out.push("", ...ctx.typeDef(t));
  out.push(
    "",
    "",
    "# document type → (decode a JSON value, encode back to a JSON value)",
    "DOCUMENTS: dict[str, tuple[Callable[[Any], Any], Callable[[Any], Any]]] = {",
    ...model.documents.map(
      ({ type, name }) => `    ${JSON.stringify(type)}: (${ctx.decFn(ref(name))}, ${ctx.encFn(ref(name))}),`,
    ),
    "}",
    "",
    `__all__ = [${["UNSET", "DOCUMENTS", "parse_number", ...model.types.map((t) => t.name)].map((n) => JSON.stringify(n)).join(", ")}]`,
    "",
  );
  return out.join("\n");
}

const ref = (name: string): Shape => ({ k: "ref", name });

class Ctx {
  constructor(private readonly types: Map<string, TypeDef>) {}

  typeDef(t: TypeDef): string[] {
    if (t.kind === "enum") {
      const names = variantNames(t.values).map((n) => n.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toUpperCase());
      return [
        "",
        `class ${t.name}(StrEnum):`,
        ...t.values.map((v, i) => `    ${names[i]} = ${JSON.stringify(v)}`),
      ];
    }
    if (t.kind === "union") {
      const pick = t.tag
        ? `{${t.tag.values.map((v, i) => `${JSON.stringify(v)}: ${t.variants[i]}`).join(", ")}}[v[${JSON.stringify(t.tag.json)}]].from_dict(v)`
        : `_first_keeping(v, (${t.variants.join(", ")},))`;
      return [
        "",
        `${t.name}: TypeAlias = ${JSON.stringify(t.variants.join(" | "))}`,
        "",
        "",
        `def _${t.name}_from(v: Any) -> Any:`,
        `    return ${pick}`,
      ];
    }
    if (t.kind === "alias") {
      const lines = ["", `${t.name}: TypeAlias = ${JSON.stringify(this.annotation(t.shape))}`];
      if (!this.identity(t.shape))
        lines.push(
          "",
          "",
          `def _${t.name}_from(v: Any) -> Any:`,
          `    return ${this.dec(t.shape, "v", 0)}`,
          "",
          "",
          `def _${t.name}_to(v: Any) -> Any:`,
          `    return ${this.enc(t.shape, "v", 0)}`,
        );
      return lines;
    }
    const names = unique(t.fields.map((f) => pythonField(f.json)));
    const extraName = unique([...names, "extra"]).at(-1) as string;
    const lines = ["", "@dataclass(kw_only=True)", `class ${t.name}:`];
    t.fields.forEach((f, i) => {
      lines.push(`    ${names[i]}: ${this.fieldAnnotation(f)}${this.fieldDefault(f)}`);
    });
    if (t.extra !== undefined)
      lines.push(
        `    ${extraName}: dict[str, ${this.annotation(t.extra)}] = field(default_factory=dict)`,
        `    """members the schema does not name, kept as they are"""`,
      );
    const known = `{${t.fields.map((f) => JSON.stringify(f.json)).join(", ")}}`;
    lines.push(
      "",
      "    @classmethod",
      `    def from_dict(cls, data: dict[str, Any]) -> ${t.name}:`,
      "        return cls(",
    );
    t.fields.forEach((f, i) => {
      lines.push(`            ${names[i]}=${this.fieldDec(f)},`);
    });
    if (t.extra !== undefined)
      lines.push(
        `            ${extraName}={k: ${this.dec(t.extra, "v", 0)} for k, v in data.items() if k not in ${t.fields.length ? known : "()"}},`,
      );
    lines.push(
      "        )",
      "",
      "    def to_dict(self) -> dict[str, Any]:",
      "        out: dict[str, Any] = {}",
    );
    t.fields.forEach((f, i) => {
      const value = this.enc(f.shape, `self.${names[i]}`, 0);
      if (f.required) lines.push(`        out[${JSON.stringify(f.json)}] = ${value}`);
      else {
        const absent = this.tri(f) ? "is not UNSET" : "is not None";
        lines.push(
          `        if self.${names[i]} ${absent}:`,
          `            out[${JSON.stringify(f.json)}] = ${value}`,
        );
      }
    });
    if (t.extra !== undefined)
      lines.push(
        `        for k, v in self.${extraName}.items():`,
        `            out[k] = ${this.enc(t.extra, "v", 0)}`,
      );
    lines.push("        return out");
    return lines;
  }

  /** An optional member where null is a value of its own: absence is UNSET. */
  private tri(f: Field): boolean {
    return !f.required && this.admitsNull(f.shape);
  }

  private admitsNull(s: Shape): boolean {
    if (s.k === "nullable" || s.k === "any" || s.k === "null") return true;
    const t = s.k === "ref" ? this.types.get(s.name) : undefined;
    return t?.kind === "alias" && this.admitsNull(t.shape);
  }

  private fieldAnnotation(f: Field): string {
    const a = this.annotation(f.shape);
    if (f.required) return a;
    if (this.tri(f)) return `${a} | _Unset`;
    return `${a} | None`;
  }

  private fieldDefault(f: Field): string {
    if (f.required) return "";
    return this.tri(f) ? " = UNSET" : " = None";
  }

  private fieldDec(f: Field): string {
    const key = JSON.stringify(f.json);
    if (f.required) return this.dec(f.shape, `data[${key}]`, 0);
    const miss = this.tri(f) ? "UNSET" : "None";
    if (this.identity(f.shape)) return `data.get(${key}, ${miss})`;
    return `${this.dec(f.shape, `data[${key}]`, 0)} if ${key} in data else ${miss}`;
  }

  annotation(s: Shape): string {
    switch (s.k) {
      case "any":
        return "Any";
      case "bool":
        return "bool";
      case "int":
      case "bigint":
        return "int";
      case "number":
        return "float";
      case "string":
        return "str";
      case "null":
        return "None";
      case "array":
        return `list[${this.annotation(s.item)}]`;
      case "map":
        return `dict[str, ${this.annotation(s.value)}]`;
      case "nullable":
        return `${this.annotation(s.inner)} | None`;
      case "ref":
        return s.name;
    }
  }

  /** Decoding or encoding `s` is the identity (plain JSON values all the way down). */
  identity(s: Shape, seen = new Set<string>()): boolean {
    if (s.k === "array") return this.identity(s.item, seen);
    if (s.k === "map") return this.identity(s.value, seen);
    if (s.k === "nullable") return this.identity(s.inner, seen);
    if (s.k !== "ref") return true;
    const t = this.types.get(s.name);
    if (t?.kind !== "alias" || seen.has(s.name)) return false;
    seen.add(s.name);
    return this.identity(t.shape, seen);
  }

  dec(s: Shape, e: string, d: number): string {
    if (this.identity(s)) return e;
    const v = `v${d}`;
    switch (s.k) {
      case "array":
        return `[${this.dec(s.item, v, d + 1)} for ${v} in ${e}]`;
      case "map":
        return `{k${d}: ${this.dec(s.value, v, d + 1)} for k${d}, ${v} in ${e}.items()}`;
      case "nullable":
        return d === 0 && /^[\w.]+$/.test(e)
          ? `None if ${e} is None else ${this.dec(s.inner, e, d + 1)}`
          : `(lambda ${v}: None if ${v} is None else ${this.dec(s.inner, v, d + 1)})(${e})`;
      case "ref": {
        const t = this.types.get(s.name);
        if (t?.kind === "struct") return `${s.name}.from_dict(${e})`;
        if (t?.kind === "union") return `_${s.name}_from(${e})`;
        if (t?.kind === "enum") return `${s.name}(${e})`;
        return `_${s.name}_from(${e})`;
      }
      default:
        return e;
    }
  }

  enc(s: Shape, e: string, d: number): string {
    if (this.identity(s)) return e;
    const v = `v${d}`;
    switch (s.k) {
      case "array":
        return `[${this.enc(s.item, v, d + 1)} for ${v} in ${e}]`;
      case "map":
        return `{k${d}: ${this.enc(s.value, v, d + 1)} for k${d}, ${v} in ${e}.items()}`;
      case "nullable":
        return `(lambda ${v}: None if ${v} is None else ${this.enc(s.inner, v, d + 1)})(${e})`;
      case "ref": {
        const t = this.types.get(s.name);
        if (t?.kind === "struct" || t?.kind === "union") return `${e}.to_dict()`;
        if (t?.kind === "enum") return `${e}.value`;
        return `_${s.name}_to(${e})`;
      }
      default:
        return e;
    }
  }

  decFn(s: Shape): string {
    return this.identity(s) ? "lambda v: v" : `lambda v: ${this.dec(s, "v", 1)}`;
  }

  encFn(s: Shape): string {
    return this.identity(s) ? "lambda v: v" : `lambda v: ${this.enc(s, "v", 1)}`;
  }
}
