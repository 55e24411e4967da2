import type { Schema, SchemaSet } from "@keel/schema-model";
import { type NamedDefinition, type NameTable, pascal } from "../names.js";
import { ALL, type Candidate, type EmitContext, type Location, type Predicate, where } from "./context.js";
import { emitCombinators } from "./emit-combinators.js";
import { emitLiteral } from "./emit-literal.js";
import { mentionsControlCharacters, regexLiteral } from "./emit-scalar.js";
import { emitTyped, hasTypedPart } from "./emit-typed.js";
import { branchGuard } from "./guards.js";
import type { Family } from "./keywords.js";
import { liftNull } from "./nullable.js";
import { directTest, testFunction } from "./predicate.js";
import { aliasRef, assertions, intersect, propertyKey, schemaAt } from "./schema-util.js";
import { familiesOf, type ResolveRef } from "./types-of.js";

/** Where the module imports another protocol's schemas from (`@keel/<protocol>` by default). */
export type PackageOf = (protocol: string) => string;

/**
 * Turns one protocol's schemas into zod source, one definition at a time. Keeps what the module needs
 * besides the definitions: runtime helpers, cross-protocol imports and hoisted in-place subschemas
 * (built once, after every definition, and used only inside checks, so they may reference anything).
 */
export class Emitter implements EmitContext {
  readonly helpers = new Set<string>();
  /** module specifier → exported name → local name */
  readonly imports = new Map<string, Map<string, string>>();
  /** hoisted in-place subschemas: zod schemas, and test functions (`zod: false`) */
  readonly hoisted: { name: string; code: string; zod: boolean }[] = [];
  /** regular expressions used by tests, and those matching control characters (a lint suppression sits on each of these) */
  readonly patterns: { name: string; literal: string }[] = [];
  private readonly hoistedByCode = new Map<string, string>();
  private readonly hoistCount = new Map<string, number>();
  private readonly ownNames: Set<string>;
  private owner = "";
  private cycle = new Set<string>();
  /** definitions already emitted: declared above, so even a cycle's reference to them needs no z.lazy */
  private readonly emitted = new Set<string>();
  /** false while emitting a hoisted subschema: every definition exists by the time it is built */
  private eager = true;
  private propertyDepth = 0;
  private cycleHit = false;
  private readonly inlining = new Set<string>();
  readonly resolveRef: ResolveRef;
  /** the package's TypeScript types a recursive `z.lazy` is annotated with (imported from `typesModule`) */
  readonly typeImports = new Set<string>();

  constructor(
    readonly set: SchemaSet,
    readonly names: NameTable,
    private readonly packageOf: PackageOf,
    readonly typesModule?: string,
  ) {
    this.ownNames = new Set(names.own.map((d) => d.name));
    this.resolveRef = (ref, at) => {
      const r = set.resolve(ref, at.file);
      return { schema: r.schema, at: { file: r.file, pointer: r.pointer } };
    };
  }

  /** The initializer of `XxxSchema` for one named definition; `cycle` holds the names it may recurse through. */
  definition(def: NamedDefinition, cycle: Set<string>): string {
    this.owner = def.name;
    this.cycle = cycle;
    this.eager = true;
    const code = this.node(schemaAt(def), { file: def.file, pointer: def.pointer }, ALL);
    this.emitted.add(def.name);
    return code;
  }

  /** A zod expression accepting exactly the values of `known` families that `schema` accepts. */
  node(schema: Schema, at: Location, known: ReadonlySet<Family>): string {
    const { base, checks } = this.parts(schema, at, known);
    return (base ?? "z.unknown()") + checks;
  }

  /** The base schema (none: any value) and the checks chained onto it. */
  private parts(schema: Schema, at: Location, known: ReadonlySet<Family>): { base?: string; checks: string } {
    if (schema === true) return { checks: "" };
    if (schema === false) return { base: "z.never()", checks: "" };
    const s = assertions(schema, at);
    if (Object.keys(s).length === 0) return { checks: "" };
    const nullable = liftNull(this, s, at, known);
    if (nullable !== undefined) return { base: nullable, checks: "" };
    const fams = intersect(known, familiesOf(s, at, this.resolveRef));
    if (fams.size === 0) return { base: "z.never()", checks: "" };

    const candidates: Candidate[] = [];
    const predicates: Predicate[] = [];
    const literal = emitLiteral(s, at);
    if (literal !== undefined) candidates.push({ keyword: "enum", at, build: () => literal });
    const typed: Candidate | undefined = hasTypedPart(s, literal !== undefined)
      ? { keyword: "type", at, build: () => emitTyped(this, s, at, fams) }
      : undefined;
    if (typed !== undefined && typeof s.properties === "object") candidates.push(typed);
    if (typeof s.$ref === "string") {
      const ref = s.$ref;
      candidates.push({ keyword: "$ref", at, build: () => this.ref(ref, at, fams) });
    }
    if (typed !== undefined && typeof s.properties !== "object") candidates.push(typed);
    emitCombinators(this, s, at, fams, candidates, predicates);

    const [first, ...rest] = candidates;
    const base = first?.build();
    let checks = "";
    // named allOf branches run as checks: zod would not infer their members, so they join the type
    const joined: string[] = [];
    for (const c of rest) {
      const message = `expected the value to match ${where(c.at)}`;
      const named = c.keyword === "allOf" ? this.namedRef(c.schema, c.at, fams) : undefined;
      if (named !== undefined) joined.push(`z.output<typeof ${named}>`);
      if (c.schema === undefined) {
        checks += this.check(this.inPlace(c.keyword, message, c));
        continue;
      }
      // an allOf branch that is only checks (if/then, not…) joins this schema's checks instead of nesting;
      // one with a shape of its own is tested directly when it can be
      const direct = c.schema === true || onlyChecks(c.schema) ? undefined : directTest(this, c.schema, c.at);
      if (direct !== undefined) {
        checks += this.check({ keyword: c.keyword, message, test: direct });
        continue;
      }
      const inner = this.predicateMode(() => this.parts(c.schema as Schema, c.at, fams));
      if (inner.base === undefined) checks += inner.checks;
      else
        checks += this.check({
          keyword: c.keyword,
          message,
          test: `holds(${this.hoistCode(inner.base + inner.checks)}, v)`,
        });
    }
    for (const p of predicates) checks += this.check(p);
    if (base === undefined) return { checks };
    if (joined.length === 0) return { base, checks };
    this.helpers.add("alsoMatches");
    return { base: `alsoMatches<${joined.join(" & ")}>()(${base}${checks})`, checks: "" };
  }

  /** The zod name of an allOf branch that is a `$ref` to a named definition, if it is one. */
  private namedRef(schema: Schema | undefined, at: Location, known: ReadonlySet<Family>): string | undefined {
    if (typeof schema !== "object" || typeof schema.$ref !== "string" || Object.keys(schema).length > 1)
      return undefined;
    const code = this.predicateMode(() => this.ref(schema.$ref as string, at, known));
    return /^[A-Za-z0-9_$]+$/.test(code) ? code : undefined;
  }

  /** `.check(…)` for one predicate, with `v` typed as `type` (the helpers need strings, arrays, objects). */
  check(p: Predicate, type = "unknown"): string {
    this.helpers.add("rule");
    return `.check(rule(${JSON.stringify(p.keyword)}, ${JSON.stringify(p.message)}, (v: ${type}): boolean => ${p.test}))`;
  }

  /** A subschema applied in place to the same value: hoisted, and tested with `holds`. */
  inPlace(keyword: string, message: string, c: Candidate): Predicate {
    return { keyword, message, test: `holds(${this.hoistCode(this.predicateMode(c.build))}, v)` };
  }

  /** `schema` applied in place to `v`: a direct test when it can be, else its hoisted zod schema run by `holds`. */
  test(schema: Schema, at: Location, known: ReadonlySet<Family>): string {
    const direct = directTest(this, schema, at);
    return direct ?? `holds(${this.hoistSchema(schema, at, known)}, v)`;
  }

  guard(schema: Schema, at: Location): string | undefined {
    return branchGuard(this, schema, at);
  }

  /** The name of a module-level test function for `schema` (see `test`). */
  testFunction(schema: Schema, at: Location, known: ReadonlySet<Family>): string {
    return testFunction(this, schema, at, known);
  }

  /** A module-level `(v: unknown): boolean => expression`, built once (tests of subschemas call it). */
  hoistTest(expression: string): string {
    return this.hoistCode(`(v: unknown): boolean => ${expression}`, false);
  }

  /** Emit `schema` as a module-level constant built after every definition; returns its name. */
  hoistSchema(schema: Schema, at: Location, known: ReadonlySet<Family>): string {
    return this.hoistCode(this.predicateMode(() => this.node(schema, at, known)));
  }

  /** Build without getters or lazy references: hoisted code runs only after every definition exists. */
  private predicateMode<T>(build: () => T): T {
    const saved = { eager: this.eager, depth: this.propertyDepth };
    this.eager = false;
    this.propertyDepth = 0;
    try {
      return build();
    } finally {
      this.eager = saved.eager;
      this.propertyDepth = saved.depth;
    }
  }

  private hoistCode(code: string, zod = true): string {
    if (zod) this.helpers.add("holds");
    if (/^[A-Za-z0-9_$]+Schema$/.test(code)) return code;
    const existing = this.hoistedByCode.get(code);
    if (existing !== undefined) return existing;
    const count = (this.hoistCount.get(this.owner) ?? 0) + 1;
    this.hoistCount.set(this.owner, count);
    const name = `${this.owner}Check${count}`;
    this.hoisted.push({ name, code, zod });
    this.hoistedByCode.set(code, name);
    return name;
  }

  /** A `pattern` as a module-level constant (a literal inside a test would build a RegExp on each call). */
  pattern(pattern: string, at: Location): string {
    const literal = regexLiteral(pattern, at);
    const known = this.patterns.find((p) => p.literal === literal);
    if (known !== undefined) return known.name;
    const name = `PATTERN_${this.patterns.length + 1}`;
    this.patterns.push({ name, literal });
    return name;
  }

  regex(pattern: string, at: Location): string {
    const literal = regexLiteral(pattern, at);
    if (!mentionsControlCharacters(literal)) return literal;
    return this.pattern(pattern, at);
  }

  /** One object property's schema; a getter when it reaches back into its own definition's cycle. */
  property(key: string, build: () => string): string {
    const saved = this.cycleHit;
    this.cycleHit = false;
    this.propertyDepth++;
    const code = build();
    this.propertyDepth--;
    const hit = this.cycleHit;
    this.cycleHit = saved || hit;
    const name = propertyKey(key);
    return hit ? `get ${name}() { return ${code}; }` : `${name}: ${code}`;
  }

  /** A `$ref`: the referenced definition's name, imported from its protocol's package when foreign. */
  ref(ref: string, at: Location, known: ReadonlySet<Family>): string {
    const target = this.resolveRef(ref, at);
    const def = this.namedTarget(target.at);
    if (def === undefined) {
      const key = `${target.at.file.id}#${target.at.pointer}`;
      if (this.inlining.has(key)) throw new Error(`recursive $ref to unnamed ${key} (from ${where(at)})`);
      this.inlining.add(key);
      try {
        return this.node(target.schema, target.at, known);
      } finally {
        this.inlining.delete(key);
      }
    }
    if (def.protocol !== this.set.protocol) return this.importName(def);
    const name = `${def.name}Schema`;
    if (!this.eager || !this.cycle.has(def.name)) return name;
    if (this.propertyDepth > 0) {
      this.cycleHit = true;
      return name;
    }
    if (this.emitted.has(def.name)) return name;
    // annotated with the definition's TypeScript type: `z.ZodType` alone would make zod infer `unknown`
    // wherever the recursion passes through an array or a record (JSONValue)
    if (this.typesModule === undefined) return `z.lazy((): z.ZodType => ${name})`;
    this.typeImports.add(def.name);
    return `z.lazy((): z.ZodType<${def.name}> => ${name})`;
  }

  /** The named definition at a spot, looking through definitions that are only a `$ref` (ATIF's root). */
  namedTarget(at: Location): NamedDefinition | undefined {
    let def = this.names.lookup(at.file, at.pointer);
    for (let hops = 0; def !== undefined && hops < 16; hops++) {
      const only = aliasRef(schemaAt(def));
      if (only === undefined) return def;
      const next = this.resolveRef(only, { file: def.file, pointer: def.pointer });
      const nextDef = this.names.lookup(next.at.file, next.at.pointer);
      if (nextDef === undefined) return def;
      def = nextDef;
    }
    return def;
  }

  private importName(def: NamedDefinition): string {
    const exported = `${def.name}Schema`;
    const local = this.ownNames.has(def.name) ? `${pascal(def.protocol)}${exported}` : exported;
    const module = this.packageOf(def.protocol);
    const names = this.imports.get(module) ?? new Map<string, string>();
    names.set(exported, local);
    this.imports.set(module, names);
    return local;
  }
}

/** A schema with nothing but in-place checks (if/then/else, not), or nothing at all: its checks join the parent's. */
function onlyChecks(schema: Schema): boolean {
  if (typeof schema !== "object") return false;
  const keys = Object.keys(schema).filter((k) => !["description", "$comment", "title"].includes(k));
  return keys.every((k) => ["if", "then", "else", "not"].includes(k));
}
