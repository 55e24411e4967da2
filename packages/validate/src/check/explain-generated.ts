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
  types?: Record<string, Validate>;
  unions?: () => Unions;
  definitions?: Record<string, () => Validate>;
}

const loaded = new Map<string, GeneratedExplainer | undefined>();

/**
 * The package's generated explainer (codegen ajv/explain-module.ts). A document type's verbose validator is
 * the package's all-errors one (ajv.gen.js `verbose`, loaded and warm); every union's branches are in one
 * module, `explain-unions.gen.js`, loaded the first time a union error is reduced; a method result
 * definition's validator is in `explain-definitions.gen.js`. A union is found by its keyword and the sha256
 * of its schema object's JSON, which is how the generator keyed it. Undefined for a package generated
 * before this layout (explained by the schemas compiled at run time instead). `keel validate` has refused
 * stale validators already (stale.ts).
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
  const { types, unions, definitions = {} } = require(file) as ExplainIndex;
  if (types === undefined || typeof unions !== "function") return undefined; // an older keel gen's layout
  let branchesOf: Unions | undefined;
  const found = new Map<unknown, ReturnType<BranchLookup>>();
  const branches: BranchLookup = (error) => {
    if (!found.has(error.parentSchema)) {
      branchesOf ??= unions();
      const sha = createHash("sha256").update(JSON.stringify(error.parentSchema)).digest("hex");
      found.set(error.parentSchema, branchesOf.get(`${error.keyword} ${sha}`)?.map(errorsOf));
    }
    return found.get(error.parentSchema);
  };
  return {
    validator(type) {
      const validate = Object.hasOwn(types, type) ? types[type] : undefined;
      if (validate === undefined) throw new Error(`no generated explainer for ${protocol} ${type}`);
      return validate;
    },
    definition(key) {
      return Object.hasOwn(definitions, key) ? definitions[key]?.() : undefined; // require() caches it
    },
    branches,
  };
}

const errorsOf =
  (validate: Validate) =>
  (data: unknown): ErrorObject[] =>
    validate(data) ? [] : [...((validate.errors ?? []) as ErrorObject[])];
