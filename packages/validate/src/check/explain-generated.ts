import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { BranchLookup, ErrorObject } from "./reduce-errors.js";

export type Validate = ((data: unknown) => boolean) & { errors?: unknown[] | null };

/** A verbose all-errors validator per document type, and the branches of a failed union. */
export interface Explainer {
  validator(type: string): Validate;
  branches: BranchLookup;
}

/** The generated explainer, which also holds a method result definition's (correlate-results.ts). */
export interface GeneratedExplainer extends Explainer {
  /** by `<schema file name><fragment>` (`protocol.schema.json#/$defs/RunResult`); undefined if not generated */
  definition(key: string): Validate | undefined;
}

const require = createRequire(import.meta.url);

type Unions = Map<string, Validate[]>;

interface ExplainIndex {
  types?: Record<string, { validate: Validate; unions: () => { unionBranches: Unions } }>;
  definitions?: Record<string, () => { validate: Validate; unionBranches: Unions }>;
}

const loaded = new Map<string, GeneratedExplainer | undefined>();

/**
 * The package's generated explainer (codegen ajv/explain-module.ts). A document type's verbose validator is
 * the package's all-errors one (ajv.gen.js `verbose`, loaded and warm); the branches of its unions are in
 * `explain-<type>.gen.js`, loaded the first time a union error of a document of that type is reduced. A
 * union is found by its keyword and the sha256 of its schema object's JSON, which is how the generator keyed
 * it. Undefined for a package generated before it existed. `keel validate` has refused stale validators
 * already (stale.ts).
 */
export function generatedExplainer(protocol: string): GeneratedExplainer | undefined {
  if (!loaded.has(protocol)) loaded.set(protocol, load(protocol));
  return loaded.get(protocol);
}

function load(protocol: string): GeneratedExplainer | undefined {
  let file: string;
  try {
    file = join(dirname(require.resolve(`@keel/${protocol}`)), "generated", "explain.gen.js");
  } catch {
    return undefined;
  }
  if (!existsSync(file)) return undefined;
  // ES modules without top-level await: require() loads them synchronously (Node ≥ 20.19)
  const { types, definitions = {} } = require(file) as ExplainIndex;
  if (types === undefined) return undefined; // a one-module explainer of an older keel gen
  const unions: Unions = new Map();
  const add = (more: Unions) => {
    for (const [key, branches] of more) if (!unions.has(key)) unions.set(key, branches);
  };
  // the union modules of the types explained so far, loaded on the first union error
  const pending = new Set<() => { unionBranches: Unions }>();
  const opened = new Set<unknown>();
  const found = new Map<unknown, ReturnType<BranchLookup>>();
  const branches: BranchLookup = (error) => {
    for (const unionsOf of pending) add(unionsOf().unionBranches);
    pending.clear();
    if (!found.has(error.parentSchema)) {
      const sha = createHash("sha256").update(JSON.stringify(error.parentSchema)).digest("hex");
      found.set(error.parentSchema, unions.get(`${error.keyword} ${sha}`)?.map(errorsOf));
    }
    return found.get(error.parentSchema);
  };
  return {
    validator(type) {
      const entry = Object.hasOwn(types, type) ? types[type] : undefined;
      if (entry === undefined) throw new Error(`no generated explainer for ${protocol} ${type}`);
      if (!opened.has(entry)) {
        opened.add(entry);
        pending.add(entry.unions);
      }
      return entry.validate;
    },
    definition(key) {
      const loader = Object.hasOwn(definitions, key) ? definitions[key] : undefined;
      if (loader === undefined) return undefined;
      const module = loader(); // require() caches it
      if (!opened.has(loader)) {
        opened.add(loader);
        add(module.unionBranches);
      }
      return module.validate;
    },
    branches,
  };
}

const errorsOf =
  (validate: Validate) =>
  (data: unknown): ErrorObject[] =>
    validate(data) ? [] : [...((validate.errors ?? []) as ErrorObject[])];
