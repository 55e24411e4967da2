import type { SchemaError } from "@keel/diagnostics";

/** The ajv error fields the reduction reads (a verbose ajv sets `data`). */
export interface ErrorObject extends SchemaError {
  schemaPath: string;
  data?: unknown;
  parentSchema?: unknown;
}

/** The validators of each branch of an anyOf/oneOf error, or undefined when they cannot be found. */
export type BranchLookup = (error: ErrorObject) => ((data: unknown) => ErrorObject[])[] | undefined;

const UNION = new Set(["anyOf", "oneOf"]);

const under = (path: string, base: string) => path === base || path.startsWith(`${base}/`);
const depthOf = (path: string) => (path === "" ? 0 : path.split("/").length - 1);

/**
 * What a person needs from ajv's errors. For a failed anyOf/oneOf, every branch's errors are replaced by
 * those of the branch that nearly matched: fewest errors, then the deepest pointer (it got furthest),
 * a branch whose very type differs ranking last. `if` errors are dropped when anything more precise is
 * left (their `then` errors say what is wrong).
 */
export function reduceErrors(
  errors: readonly ErrorObject[],
  branches: BranchLookup,
  depth = 0,
): ErrorObject[] {
  let kept = [...errors];
  const unions = kept
    .filter((e) => UNION.has(e.keyword))
    .sort((a, b) => depthOf(a.instancePath) - depthOf(b.instancePath));
  for (const union of unions) {
    if (!kept.includes(union)) continue;
    const validators = depth < 4 ? branches(union) : undefined;
    if (validators === undefined || validators.length === 0) continue;
    const best = validators
      .map((validate) =>
        validate(union.data).map((e) => ({
          ...e,
          instancePath: union.instancePath + e.instancePath,
        })),
      )
      .map((errs) => ({ errs, rank: rankOf(errs, union.instancePath) }))
      .sort((a, b) => a.rank.reduce((d, r, i) => d || r - (b.rank[i] as number), 0))[0];
    if (best === undefined || best.errs.length === 0) continue;
    // every error the union's branches produced lies at or under the union's instance path
    kept = kept.filter((e) => e !== union && !under(e.instancePath, union.instancePath));
    kept.push(...reduceErrors(best.errs, branches, depth + 1));
  }
  const precise = kept.filter((e) => e.keyword !== "if");
  return dedupe(precise.length > 0 ? precise : kept);
}

/**
 * Lower is nearer: [its very type differs, the line's own fields contradict it (a property it requires is
 * absent, one it forbids present: a Mira line without `method` is no request, one with `id` no
 * notification), values of its direct properties that mismatch (a discriminator such as `action_kind`),
 * minus its deepest pointer (how far it got), how many errors].
 */
function rankOf(errs: readonly ErrorObject[], base: string): number[] {
  const rootType = errs.some((e) => e.keyword === "type" && e.instancePath === base) ? 1 : 0;
  const level = depthOf(base) + 1;
  const contradicted = errs.filter(
    (e) =>
      (e.keyword === "required" && e.instancePath === base) ||
      (e.keyword === "false schema" && depthOf(e.instancePath) === level && under(e.instancePath, base)),
  ).length;
  const shallow = errs.filter(
    (e) => VALUE.has(e.keyword) && depthOf(e.instancePath) === level && under(e.instancePath, base),
  ).length;
  const deepest = Math.max(0, ...errs.map((e) => depthOf(e.instancePath)));
  return [rootType, contradicted, shallow, -deepest, errs.filter((e) => e.keyword !== "if").length];
}

const VALUE = new Set(["const", "enum", "type"]);

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
