import type { Schema, SchemaSet } from "@keel/schema-model";
import type { NamedDefinition, NameTable } from "../names.js";
import { ALL, type Candidate, type EmitContext, type Location, type Predicate, where } from "./context.js";
import { emitCombinators } from "./emit-combinators.js";
import { emitLiteral } from "./emit-literal.js";
import { emitTyped, hasTypedPart } from "./emit-typed.js";
import { branchGuard } from "./guards.js";
import { Hoister } from "./hoist.js";
import type { Family } from "./keywords.js";
import { ModuleImports, type PackageOf } from "./module-imports.js";
import { liftNull } from "./nullable.js";
import { PatternPool } from "./pattern-pool.js";
import { directTest, testFunction } from "./predicate.js";
import { Recursion } from "./recursion.js";
import { aliasRef, assertions, intersect, propertyKey, schemaAt } from "./schema-util.js";
import { familiesOf, type ResolveRef } from "./types-of.js";

export type { PackageOf } from "./module-imports.js";

/**
 * Turns one protocol's schemas into zod source, one definition at a time: the keyword emitters
 * (`emit-*.ts`) call back into `node` for subschemas. What the module needs besides the definitions is
 * kept by one part per job: `imports` (runtime helpers, other protocols, types), `hoister` (in-place
 * subschemas), `pool` (regular expressions) and `recursion` (how a reference inside a cycle is written).
 */
export class Emitter implements EmitContext {
  readonly imports: ModuleImports;
  readonly hoister = new Hoister();
  readonly pool = new PatternPool();
  private readonly recursion = new Recursion();
  readonly resolveRef: ResolveRef;

  constructor(
    readonly set: SchemaSet,
    readonly names: NameTable,
    packageOf: PackageOf,
    readonly typesModule?: string,
  ) {
    this.imports = new ModuleImports(new Set(names.own.map((d) => d.name)), packageOf);
    this.resolveRef = (ref, at) => {
      const r = set.resolve(ref, at.file);
      return { schema: r.schema, at: { file: r.file, pointer: r.pointer } };
    };
  }

  /** the runtime helpers the module calls (keyword emitters add theirs) */
  get helpers(): Set<string> {
    return this.imports.helpers;
  }

  /** The initializer of `XxxSchema` for one named definition; `cycle` holds the names it may recurse through. */
  definition(def: NamedDefinition, cycle: Set<string>): string {
    this.hoister.owner = def.name;
    this.recursion.begin(cycle);
    const code = this.node(schemaAt(def), { file: def.file, pointer: def.pointer }, ALL);
    this.recursion.done(def.name);
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
      const inner = this.recursion.deferred(() => this.parts(c.schema as Schema, c.at, fams));
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
    const code = this.recursion.deferred(() => this.ref(schema.$ref as string, at, known));
    return /^[A-Za-z0-9_$]+$/.test(code) ? code : undefined;
  }

  /** `.check(…)` for one predicate, with `v` typed as `type` (the helpers need strings, arrays, objects). */
  check(p: Predicate, type = "unknown"): string {
    this.helpers.add("rule");
    return `.check(rule(${JSON.stringify(p.keyword)}, ${JSON.stringify(p.message)}, (v: ${type}): boolean => ${p.test}))`;
  }

  /** A subschema applied in place to the same value: hoisted, and tested with `holds`. */
  inPlace(keyword: string, message: string, c: Candidate): Predicate {
    return { keyword, message, test: `holds(${this.hoistCode(this.recursion.deferred(c.build))}, v)` };
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
    return this.hoistCode(this.recursion.deferred(() => this.node(schema, at, known)));
  }

  /** One object property's schema; a getter when it reaches back into its own definition's cycle. */
  property(key: string, build: () => string): string {
    const { code, getter } = this.recursion.property(build);
    const name = propertyKey(key);
    return getter ? `get ${name}() { return ${code}; }` : `${name}: ${code}`;
  }

  /** A `pattern` as a module-level constant (tests call it on every value). */
  pattern(pattern: string, at: Location): string {
    return this.pool.constant(pattern, at);
  }

  regex(pattern: string, at: Location): string {
    return this.pool.regex(pattern, at);
  }

  private hoistCode(code: string, zod = true): string {
    if (zod) this.helpers.add("holds");
    return this.hoister.add(code, zod);
  }

  /** A `$ref`: the referenced definition's name, imported from its protocol's package when foreign. */
  ref(ref: string, at: Location, known: ReadonlySet<Family>): string {
    const target = this.resolveRef(ref, at);
    const def = this.namedTarget(target.at);
    if (def === undefined) {
      const key = `${target.at.file.id}#${target.at.pointer}`;
      return this.recursion.inline(key, where(at), () => this.node(target.schema, target.at, known));
    }
    if (def.protocol !== this.set.protocol) return this.imports.schemaOf(def);
    const name = `${def.name}Schema`;
    if (this.recursion.reference(def.name) === "name") return name;
    // annotated with the definition's TypeScript type: `z.ZodType` alone would make zod infer `unknown`
    // wherever the recursion passes through an array or a record (JSONValue)
    if (this.typesModule === undefined) return `z.lazy((): z.ZodType => ${name})`;
    this.imports.types.add(def.name);
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
}

/** A schema with nothing but in-place checks (if/then/else, not), or nothing at all: its checks join the parent's. */
function onlyChecks(schema: Schema): boolean {
  if (typeof schema !== "object") return false;
  const keys = Object.keys(schema).filter((k) => !["description", "$comment", "title"].includes(k));
  return keys.every((k) => ["if", "then", "else", "not"].includes(k));
}
