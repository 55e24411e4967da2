import type { SchemaError } from "@keel/diagnostics";

/** The ajv error fields the reduction reads (a verbose ajv sets `data`). */
export interface ErrorObject extends SchemaError {
  schemaPath: string;
  data?: unknown;
  parentSchema?: unknown;
  /** set by the reduction on the first error of a union's chosen branch: the other branch, in one line */
  hint?: string;
}

/** The validators of each branch of an anyOf/oneOf error, or undefined when they cannot be found. */
export type BranchLookup = (error: ErrorObject) => ((data: unknown) => ErrorObject[])[] | undefined;

const UNION = new Set(["anyOf", "oneOf"]);

const under = (path: string, base: string) => path === base || path.startsWith(`${base}/`);
const depthOf = (path: string) => (path === "" ? 0 : path.split("/").length - 1);

/**
 * What a person needs from ajv's errors. For a failed anyOf/oneOf, every branch's errors are replaced by
 * those of the branch the document is closest to (rankOf), the runner-up named in a hint; errors of the
 * union's siblings (a `properties` beside the `oneOf`) are kept. `if` errors are dropped when anything
 * more precise is left (their `then` errors say what is wrong).
 */
export function reduceErrors(
  errors: readonly ErrorObject[],
  branches: BranchLookup,
  depth = 0,
): ErrorObject[] {
  const dropped = new Set<ErrorObject>();
  const added: ErrorObject[] = [];
  const unions = errors
    .map((e, index) => ({ e, index }))
    .filter(({ e }) => UNION.has(e.keyword))
    .sort((a, b) => depthOf(a.e.instancePath) - depthOf(b.e.instancePath));
  for (const { e: union, index } of unions) {
    if (dropped.has(union)) continue;
    const validators = depth < 4 ? branches(union) : undefined;
    if (validators === undefined || validators.length === 0) continue;
    const ranked = validators
      .map((validate, branch) => {
        const errs = validate(union.data).map((e) => ({
          ...e,
          instancePath: union.instancePath + e.instancePath,
        }));
        return { errs, branch, rank: rankOf(errs, union.instancePath, union.data) };
      })
      .sort((a, b) => a.rank.reduce((d, r, i) => d || r - (b.rank[i] as number), 0) || a.branch - b.branch);
    const [best, second] = ranked;
    if (best === undefined || best.errs.length === 0) continue;
    for (const e of branchErrors(errors, index, union, ranked)) dropped.add(e);
    dropped.add(union);
    const reduced = reduceErrors(best.errs, branches, depth + 1);
    // the other branch is worth naming only when it asks no more changes (it may be the one meant)
    const plausible = second !== undefined && second.rank[0] === 0 && second.errs.length <= best.errs.length;
    const alternative = plausible ? otherForm(second.errs, union) : undefined;
    if (alternative !== undefined && reduced[0] !== undefined)
      reduced[0] = { ...reduced[0], hint: alternative };
    added.push(...reduced);
  }
  const kept = [...errors.filter((e) => !dropped.has(e)), ...added];
  const precise = kept.filter((e) => e.keyword !== "if");
  return dedupe(precise.length > 0 ? precise : kept);
}

/**
 * The errors ajv collected inside the union's branches: ajv evaluates every branch and then reports the
 * union, so they are the block just before it, as many as the branches give alone. When the count does not
 * fit (a branch that reports differently alone), every error at or under the union's pointer, as before.
 */
function branchErrors(
  errors: readonly ErrorObject[],
  index: number,
  union: ErrorObject,
  ranked: readonly { errs: readonly ErrorObject[] }[],
): ErrorObject[] {
  const total = ranked.reduce((n, r) => n + r.errs.length, 0);
  const block = errors.slice(Math.max(0, index - total), index);
  if (block.length === total && block.every((e) => under(e.instancePath, union.instancePath))) return block;
  return errors.filter((e) => e !== union && under(e.instancePath, union.instancePath));
}

/**
 * Lower is nearer: [its very type differs, a member the document has contradicts the branch's constant
 * (a discriminator: `workspace_foreign: false` against `const: true`, a Mira `method` that is no known
 * one), members it has that the branch forbids plus members the branch requires that it lacks, other
 * values of its direct members that mismatch, minus its deepest pointer (how far it got), how many errors].
 */
function rankOf(errs: readonly ErrorObject[], base: string, data: unknown): number[] {
  const rootType = errs.some((e) => e.keyword === "type" && e.instancePath === base) ? 1 : 0;
  const level = depthOf(base) + 1;
  const direct = (e: ErrorObject) => depthOf(e.instancePath) === level && under(e.instancePath, base);
  const has = (e: ErrorObject) =>
    data !== null && typeof data === "object" && Object.hasOwn(data, lastToken(e.instancePath));
  const discriminators = errs.filter(
    (e) => (e.keyword === "const" || e.keyword === "enum") && direct(e) && has(e),
  ).length;
  const contradicted = errs.filter(
    (e) =>
      (e.keyword === "required" && e.instancePath === base) || (e.keyword === "false schema" && direct(e)),
  ).length;
  const shallow = errs.filter((e) => e.keyword === "type" && direct(e)).length;
  const deepest = Math.max(0, ...errs.map((e) => depthOf(e.instancePath)));
  return [
    rootType,
    discriminators,
    contradicted,
    shallow,
    -deepest,
    errs.filter((e) => e.keyword !== "if").length,
  ];
}

const lastToken = (pointer: string) =>
  (pointer.split("/").pop() ?? "").replaceAll("~1", "/").replaceAll("~0", "~");

/**
 * The runner-up branch in one line: by the constants it wants of members the document has (`if this is
 * the form with workspace_foreign true`), else by how far it is.
 */
function otherForm(errs: readonly ErrorObject[], union: ErrorObject): string | undefined {
  if (errs.length === 0) return undefined;
  const level = depthOf(union.instancePath) + 1;
  const wants = errs
    .filter((e) => e.keyword === "const" && depthOf(e.instancePath) === level)
    .map(
      (e) =>
        `${lastToken(e.instancePath)}: ${JSON.stringify((e.params as { allowedValue?: unknown }).allowedValue)}`,
    );
  const form = wants.length > 0 ? `the form with ${wants.join(", ")}` : "its other form";
  const where = union.instancePath === "" ? "the document" : union.instancePath;
  const n = errs.length;
  return `or, if ${where} is meant as ${form} (the other branch of its ${union.keyword}): ${n} error${n === 1 ? "" : "s"} instead: ${summary(errs)}`;
}

/** A few of a branch's errors, as the changes they ask for. */
function summary(errs: readonly ErrorObject[]): string {
  const shown = errs.slice(0, 3).map((e) => {
    const p = e.params as Record<string, unknown>;
    if (e.keyword === "required") return `add ${String(p.missingProperty)}`;
    if (e.keyword === "false schema") return `drop ${lastToken(e.instancePath)}`;
    if (e.keyword === "const")
      return `${e.instancePath || "the document"} must be ${JSON.stringify(p.allowedValue)}`;
    return `${e.instancePath || "the document"} fails ${e.keyword}`;
  });
  return errs.length > 3 ? `${shown.join(", ")}, …` : shown.join(", ");
}

/** One error per pointer, keyword (and property, for required/additionalProperties); an enum (it lists the allowed values) hides a const at its pointer. */
function dedupe(errors: readonly ErrorObject[]): ErrorObject[] {
  const seen = new Set<string>();
  const enums = new Set(errors.filter((e) => e.keyword === "enum").map((e) => e.instancePath));
  return errors.filter((e) => {
    const p = e.params as Record<string, unknown>;
    const key = `${e.instancePath}\0${e.keyword}\0${p.missingProperty ?? p.additionalProperty ?? ""}`;
    if (seen.has(key) || (e.keyword === "const" && enums.has(e.instancePath))) return false;
    seen.add(key);
    return true;
  });
}
