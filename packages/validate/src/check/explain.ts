import type { Finding } from "@keel/diagnostics";
import {
  type CompiledProtocol,
  compileSchemaSet,
  createAjv,
  loadSchemaSet,
  protocolEntry,
  type SchemaSet,
  walk,
} from "@keel/schema-model";
import type { ProtocolContext } from "./context.js";
import { type Explainer, generatedExplainer, type Validate } from "./explain-generated.js";
import { explainErrors } from "./messages.js";
import { type BranchLookup, type ErrorObject, reduceErrors } from "./reduce-errors.js";

/**
 * Schema findings for a document the fast validator rejected, reduced to what a person needs. Uses a
 * verbose ajv (errors carry the offending data): the protocol package's generated one (`explain.gen.js`,
 * loaded on the first failure), else one compiled at run time once per protocol.
 */
export function explainSchemaErrors(ctx: ProtocolContext, type: string, document: unknown): Finding[] {
  return explainWith(explainer(ctx), type, document);
}

/** The findings `explainer` gives a document of `type` (none when it is valid). */
export function explainWith({ validator, branches }: Explainer, type: string, document: unknown): Finding[] {
  const validate = validator(type);
  if (validate(document)) return [];
  return explainErrors(reduceErrors((validate.errors ?? []) as ErrorObject[], branches), document);
}

const cache = new Map<string, Explainer>();

export function explainer(ctx: ProtocolContext): Explainer {
  const key = `${ctx.root}\0${ctx.protocol}`;
  let found = cache.get(key);
  if (found === undefined) {
    found = generatedExplainer(ctx.protocol) ?? compiledExplainer(ctx);
    cache.set(key, found);
  }
  return found;
}

/** The same explainer compiled at run time from the working schemas (a package generated without one). */
export function compiledExplainer(ctx: ProtocolContext): Explainer {
  const { compiled, branches } = verboseProtocol(ctx);
  return { validator: (type) => compiled.validator(type), branches };
}

/**
 * The verbose validator of a definition that is no document type (a method's result, checked by
 * correlate-results.ts) in the schema file of document type `type`, with its union branches: the package's generated
 * one, else the protocol compiled at run time.
 */
export function definitionExplainer(
  ctx: ProtocolContext,
  type: string,
  definition: string,
): { validate: Validate; branches: BranchLookup } {
  const { registry, protocol } = ctx;
  const file = protocolEntry(registry, protocol).documentTypes[type]?.schema;
  const generated = generatedExplainer(protocol);
  const validate = file === undefined ? undefined : generated?.definition(`${file}${definition}`);
  if (generated !== undefined && validate !== undefined) return { validate, branches: generated.branches };
  const { compiled, branches } = verboseProtocol(ctx);
  const compiledValidate = compiled.ajv.getSchema(`${compiled.refOf(type).split("#")[0]}${definition}`);
  if (compiledValidate === undefined) throw new Error(`bug: no ${definition} in the ${protocol} schemas`);
  return { validate: compiledValidate, branches };
}

export interface VerboseProtocol {
  compiled: CompiledProtocol;
  branches: BranchLookup;
}

const verbose = new Map<string, VerboseProtocol>();

/**
 * The protocol's schemas compiled at run time with a verbose ajv, once per process: for a package generated
 * without an explainer (or without the definition asked for).
 */
export function verboseProtocol({ root, registry, protocol }: ProtocolContext): VerboseProtocol {
  const key = `${root}\0${protocol}`;
  let found = verbose.get(key);
  if (found === undefined) {
    const set = loadSchemaSet(root, registry, protocol);
    const compiled = compileSchemaSet(registry, set, createAjv(set.draft, { verbose: true, strict: false }));
    found = { compiled, branches: branchLookup(compiled, set) };
    verbose.set(key, found);
  }
  return found;
}

/**
 * A union's branches, compiled by pointer. ajv's schemaPath is relative to the schema resource a `$ref`
 * entered, so the union is found by the schema object itself (verbose errors carry it).
 */
function branchLookup(compiled: CompiledProtocol, set: SchemaSet): BranchLookup {
  const found = new Map<unknown, ReturnType<BranchLookup>>();
  return (error: ErrorObject) => {
    if (!found.has(error.parentSchema)) found.set(error.parentSchema, lookup(compiled, set, error));
    return found.get(error.parentSchema);
  };
}

function lookup(compiled: CompiledProtocol, set: SchemaSet, error: ErrorObject): ReturnType<BranchLookup> {
  const parent = error.parentSchema;
  const branches = (parent as Record<string, unknown> | undefined)?.[error.keyword];
  if (!Array.isArray(branches)) return undefined;
  const text = JSON.stringify(parent);
  for (const file of set.all) {
    for (const visit of walk(file.schema)) {
      if (visit.schema !== parent && JSON.stringify(visit.schema) !== text) continue;
      try {
        const validators = branches.map((_, i) =>
          compiled.ajv.getSchema(`${file.id}#${visit.pointer}/${error.keyword}/${i}`),
        );
        return validators.map(
          (validate) => (data: unknown) =>
            validate === undefined || validate(data) ? [] : [...((validate.errors ?? []) as ErrorObject[])],
        );
      } catch {
        return undefined; // a branch that does not compile alone: keep ajv's own errors
      }
    }
  }
  return undefined;
}
