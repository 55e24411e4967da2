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

const require = createRequire(import.meta.url);

interface ExplainModule {
  validators: Record<string, Validate>;
  unionBranches: Map<string, Validate[]>;
}

/**
 * The package's generated explainer (codegen ajv/explain-module.ts): a union is found by its keyword and the
 * sha256 of its schema object's JSON, which is how the generator keyed it. Undefined for a package
 * generated before it existed. `keel validate` has refused stale validators already (stale.ts).
 */
export function generatedExplainer(protocol: string): Explainer | undefined {
  let file: string;
  try {
    file = join(dirname(require.resolve(`@keel/${protocol}`)), "generated", "explain.gen.js");
  } catch {
    return undefined;
  }
  if (!existsSync(file)) return undefined;
  // an ES module without top-level await: require() loads it synchronously (Node ≥ 20.19)
  const { validators, unionBranches } = require(file) as ExplainModule;
  const found = new Map<unknown, ReturnType<BranchLookup>>();
  const branches: BranchLookup = (error) => {
    if (!found.has(error.parentSchema)) {
      const sha = createHash("sha256").update(JSON.stringify(error.parentSchema)).digest("hex");
      found.set(error.parentSchema, unionBranches.get(`${error.keyword} ${sha}`)?.map(errorsOf));
    }
    return found.get(error.parentSchema);
  };
  return {
    validator(type) {
      const validate = validators[type];
      if (validate === undefined) throw new Error(`no generated explainer for ${protocol} ${type}`);
      return validate;
    },
    branches,
  };
}

const errorsOf =
  (validate: Validate) =>
  (data: unknown): ErrorObject[] =>
    validate(data) ? [] : [...((validate.errors ?? []) as ErrorObject[])];
