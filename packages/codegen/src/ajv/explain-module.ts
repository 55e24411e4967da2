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

/** One generated file: its path relative to `src/generated/`, what it holds (for its banner), and its body (no banner). */
export interface ExplainFile {
  name: string;
  what: string;
  body: string;
}

const UNIONS_MODULE = "explain-unions.gen.ts";
const DEFINITIONS_MODULE = "explain-definitions.gen.ts";

/**
 * What `keel validate` explains a rejected document with, so that no schema is compiled at run time. A
 * document type's verbose all-errors validator (errors carry the offending data and the schema object
 * holding the keyword) is ajv.gen.ts's own (`verbose`): compiled once, and already run on the document the
 * first-error validator rejected. What it lacks is every branch of every `anyOf`/`oneOf` a document type or
 * a method result can reach compiled on its own, found by the sha256 of the union's schema object
 * (`JSON.stringify`, as verbose errors carry it). One ajv per protocol compiles the set once and each branch
 * once, and two modules are printed from it:
 * - `explain-unions.gen.ts`: every branch, loaded on the first union error (never for a valid document);
 * - `explain-definitions.gen.ts` (a protocol with method results, registry `facts.methodSchemas`): a verbose
 *   validator per result definition, which correlate-results.ts runs on every correlated response, valid ones
 *   too, so it is apart from the branches a valid response never needs.
 * `explain.gen.ts` is the index (`@keel/validate` check/explain-generated.ts reads it), loaded on the first
 * explanation or correlated response.
 */
export function generateExplainModules(registry: Registry, set: SchemaSet): ExplainFile[] {
  const targets = explainTargets(registry, set);
  const definitions = targets.filter((t) => t.kind === "definition");
  const ajv = createAjv(set.draft, { verbose: true, strict: false, code: { source: true, esm: false } });
  compileSchemaSet(registry, set, ajv);
  const reachable = new Set(targets.flatMap((t) => [...reachableUnions(set, t)]));
  const kept = compileBranches(
    ajv,
    unionsOf(set).filter((u) => reachable.has(u.key)),
  );
  const definitionRefs = Object.fromEntries(definitions.map((t, i) => [`d${i}`, t.ref]));
  for (const ref of Object.values(definitionRefs)) ajv.getSchema(ref);
  const files: ExplainFile[] = [];
  if (kept.length > 0) {
    const refs = Object.fromEntries(kept.flatMap((u) => u.names.map((name, i) => [name, u.ref(i)])));
    files.push({
      name: UNIONS_MODULE,
      what: "every union branch compiled alone, loaded on the first union error of a rejected document",
      body: [
        ...moduleOf(ajv, refs),
        '/** `"<keyword> <sha256 of the union\'s schema object>"` → a validator per branch */',
        `export const unionBranches = new Map([\n${kept.map((u) => `  [${JSON.stringify(u.key)}, [${u.names.map((n) => `all.${n}`).join(", ")}]],`).join("\n")}\n]);`,
      ].join("\n"),
    });
  }
  if (definitions.length > 0)
    files.push({
      name: DEFINITIONS_MODULE,
      what: "verbose ajv validators of the method result definitions, for correlated responses",
      body: [
        ...moduleOf(ajv, definitionRefs),
        "/** per method result definition (`<schema file name><fragment>`), its verbose all-errors validator */",
        `export const definitions = {\n${definitions.map((t, i) => `  ${JSON.stringify(t.key)}: all.d${i},`).join("\n")}\n};`,
      ].join("\n"),
    });
  const load = (name: string, member: string) => `require("./${name.replace(/\.ts$/, ".js")}").${member}`;
  const index = [
    "// @ts-nocheck",
    'import { createRequire } from "node:module";',
    'import { verbose } from "./ajv.gen.js";',
    "const require = createRequire(import.meta.url);",
    "/** per document type, its verbose validator (ajv.gen.ts's all-errors one, already loaded) */",
    `export const types = {\n${targets
      .filter((t) => t.kind === "type")
      .map((t) => `  ${JSON.stringify(t.key)}: verbose.${validatorName(t.key)},`)
      .join("\n")}\n};`,
    "/** a loader of every union's branches, by `unionKey` (one module per protocol, loaded on the first union error) */",
    `export const unions = () => ${kept.length > 0 ? load(UNIONS_MODULE, "unionBranches") : "new Map()"};`,
    "/** per method result definition (`<schema file name><fragment>`), a loader of its verbose validator */",
    `export const definitions = {\n${definitions
      .map(
        (t) =>
          `  ${JSON.stringify(t.key)}: () => ${load(DEFINITIONS_MODULE, "definitions")}[${JSON.stringify(t.key)}],`,
      )
      .join("\n")}\n};`,
  ].join("\n");
  const what = "the explainer of a rejected document: verbose validators, loaders of the modules beside it";
  return [{ name: "explain.gen.ts", what, body: index }, ...files];
}

/** The standalone code of `refs` (`export name → ajv ref`) as a module's `all`, post-processed as ajv.gen.ts is. */
function moduleOf(ajv: ReturnType<typeof createAjv>, refs: Record<string, string>): string[] {
  const code = asciiOnly(dropUnusedSchemas(guardLengthChecks(standaloneCode(ajv, refs))));
  return [
    "// @ts-nocheck",
    'import { createRequire } from "node:module";',
    "const require = createRequire(import.meta.url);",
    `const all = (function (exports) {\n${code}\nreturn exports;\n})({});`,
  ];
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

/** Each union's branches compiled in `ajv`, named `u<union>_<branch>`; a union with a branch that does not compile alone is left out. */
function compileBranches(
  ajv: ReturnType<typeof createAjv>,
  unions: Union[],
): Array<Union & { names: string[] }> {
  const kept: Array<Union & { names: string[] }> = [];
  for (const union of unions) {
    const names = Array.from({ length: union.branches }, (_, i) => `u${kept.length}_${i}`);
    try {
      for (let i = 0; i < union.branches; i++) ajv.getSchema(union.ref(i));
      kept.push({ ...union, names });
    } catch {
      // a branch that does not compile alone: ajv's own errors stay
    }
  }
  return kept;
}

/** How check/explain.ts finds a union from a verbose error's `parentSchema`; the two must agree. */
export const unionKey = (schema: unknown): string =>
  createHash("sha256").update(JSON.stringify(schema)).digest("hex");
