import { createHash } from "node:crypto";
import {
  compileSchemaSet,
  createAjv,
  type Registry,
  type Schema,
  type SchemaSet,
  walk,
} from "@keel/schema-model";
import { asciiOnly } from "./ascii.js";
import { type ExplainTarget, explainTargets } from "./explain-targets.js";
import { standaloneCode, validatorName } from "./index.js";
import { guardLengthChecks } from "./length-bounds.js";
import { reachableSchemas } from "./reachable.js";
import { dropUnusedSchemas } from "./unused-schemas.js";

/** One generated file: its path relative to `src/generated/`, and its body (no banner). */
export interface ExplainFile {
  name: string;
  body: string;
}

/**
 * What `keel validate` explains a rejected document with, so that no schema is compiled at run time. A
 * document type's verbose all-errors validator (errors carry the offending data and the schema object
 * holding the keyword) is ajv.gen.ts's own (`verbose`): compiled once, and already run on the document the
 * first-error validator rejected. What it lacks is every branch of every `anyOf`/`oneOf` the type can
 * reach compiled on its own, found by the sha256 of the union's schema object (`JSON.stringify`, as verbose
 * errors carry it): `explain-<type>.gen.ts`, loaded when a union of that type failed. A method result
 * definition (registry `facts.methodSchemas`, checked once a response is correlated) has no validator in
 * ajv.gen.ts: its module holds a verbose validator for it too. `explain.gen.ts` is the index
 * (`@keel/validate` check/explain-generated.ts reads it).
 */
export function generateExplainModules(registry: Registry, set: SchemaSet): ExplainFile[] {
  const targets = explainTargets(registry, set);
  const unions = unionsOf(set);
  const files = targets.map((t) => ({
    name: `explain-${t.slug}.gen.ts`,
    body: targetModule(registry, set, t, unions),
  }));
  const load = (t: ExplainTarget) => `() => require("./explain-${t.slug}.gen.js")`;
  const type = (t: ExplainTarget) =>
    `  ${JSON.stringify(t.key)}: { validate: verbose.${validatorName(t.key)}, unions: ${load(t)} },`;
  const definition = (t: ExplainTarget) => `  ${JSON.stringify(t.key)}: ${load(t)},`;
  const index = [
    "// @ts-nocheck",
    'import { createRequire } from "node:module";',
    'import { verbose } from "./ajv.gen.js";',
    "const require = createRequire(import.meta.url);",
    "/** per document type, its verbose validator and a loader of its module `{ unionBranches }` */",
    `export const types = {\n${targets
      .filter((t) => t.kind === "type")
      .map(type)
      .join("\n")}\n};`,
    "/** per method result definition (`<schema file name><fragment>`), a loader of `{ validate, unionBranches }` */",
    `export const definitions = {\n${targets
      .filter((t) => t.kind === "definition")
      .map(definition)
      .join("\n")}\n};`,
  ].join("\n");
  return [{ name: "explain.gen.ts", body: index }, ...files];
}

interface Union {
  key: string;
  ref: (i: number) => string;
  branches: number;
}

/** Every union of the set, keyed by keyword and text; the first schema object with a text wins, as a lookup by text would find it. */
function unionsOf(set: SchemaSet): Union[] {
  const unions: Union[] = [];
  const seen = new Set<string>();
  for (const file of set.all) {
    for (const visit of walk(file.schema)) {
      const schema = visit.schema as Record<string, unknown>;
      for (const keyword of ["anyOf", "oneOf"] as const) {
        const branches = schema[keyword];
        if (!Array.isArray(branches)) continue;
        const key = `${keyword} ${unionKey(schema)}`;
        if (seen.has(key)) continue;
        seen.add(key);
        const ref = (i: number) => `${file.id}#${visit.pointer}/${keyword}/${i}`;
        unions.push({ key, ref, branches: branches.length });
      }
    }
  }
  return unions;
}

/** The unions a target's errors can name: those whose text one of its reachable schemas has. */
function reachableUnions(set: SchemaSet, target: ExplainTarget): Set<string> {
  const keys = new Set<string>();
  for (const s of reachableSchemas(set, target.file, target.fragment) as Set<Schema>) {
    if (typeof s !== "object") continue;
    for (const keyword of ["anyOf", "oneOf"] as const)
      if (Array.isArray(s[keyword])) keys.add(`${keyword} ${unionKey(s)}`);
  }
  return keys;
}

function targetModule(registry: Registry, set: SchemaSet, target: ExplainTarget, unions: Union[]): string {
  const ajv = createAjv(set.draft, { verbose: true, strict: false, code: { source: true, esm: false } });
  compileSchemaSet(registry, set, ajv);
  const refs: Record<string, string> = target.kind === "type" ? {} : { validate: target.ref };
  const reachable = reachableUnions(set, target);
  const kept: [string, string[]][] = [];
  for (const union of unions.filter((u) => reachable.has(u.key))) {
    const names = Array.from({ length: union.branches }, (_, i) => `u${kept.length}_${i}`);
    try {
      for (const [i, name] of names.entries()) {
        ajv.getSchema(union.ref(i));
        refs[name] = union.ref(i);
      }
      kept.push([union.key, names]);
    } catch {
      for (const name of names) delete refs[name]; // a branch that does not compile alone: ajv's errors stay
    }
  }
  for (const ref of Object.values(refs)) ajv.getSchema(ref);
  const code = asciiOnly(dropUnusedSchemas(guardLengthChecks(standaloneCode(ajv, refs))));
  return [
    "// @ts-nocheck",
    'import { createRequire } from "node:module";',
    "const require = createRequire(import.meta.url);",
    `const all = (function (exports) {\n${code}\nreturn exports;\n})({});`,
    ...(target.kind === "type"
      ? [] // ajv.gen.ts's `verbose` validator is the type's
      : [`/** verbose all-errors validator of ${target.key} */`, "export const validate = all.validate;"]),
    '/** `"<keyword> <sha256 of the union\'s schema object>"` → a validator per branch */',
    `export const unionBranches = new Map([\n${kept.map(([key, names]) => `  [${JSON.stringify(key)}, [${names.map((n) => `all.${n}`).join(", ")}]],`).join("\n")}\n]);`,
  ].join("\n");
}

/** How check/explain.ts finds a union from a verbose error's `parentSchema`; the two must agree. */
export const unionKey = (schema: unknown): string =>
  createHash("sha256").update(JSON.stringify(schema)).digest("hex");
