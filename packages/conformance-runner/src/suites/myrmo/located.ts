import { obj } from "../kit/values.js";

/** The parent of a JSON Pointer ("" for a member of the root). */
const parent = (pointer: string) => pointer.slice(0, Math.max(0, pointer.lastIndexOf("/")));

/**
 * Whether an error's details name the fixture's failing location: the pointer itself or inside it; for
 * `required` and `additionalProperties` also the object holding the member (ajv-based colonies report
 * the object). A detail at an unrelated ancestor does not count.
 */
export function locatedProblem(
  body: unknown,
  pointer: string,
  keyword: string | undefined,
): string | undefined {
  const details = obj(obj(body)?.error)?.details;
  if (!Array.isArray(details)) return "no details";
  const paths = details.map((d) => obj(d)?.path).filter((p): p is string => typeof p === "string");
  const member = keyword === "required" || keyword === "additionalProperties";
  const ok = paths.some(
    (p) => p === pointer || p.startsWith(`${pointer}/`) || (member && p === parent(pointer)),
  );
  return ok ? undefined : `details name ${JSON.stringify(paths)}, not ${JSON.stringify(pointer)}`;
}

/** 1 to `max` details, each {path, message} — the invalid_trail contract. */
export function detailsProblem(body: unknown, max: number): string | undefined {
  const details = obj(obj(body)?.error)?.details;
  if (!Array.isArray(details) || details.length === 0) return "invalid_trail without details";
  if (details.length > max) return `${details.length} details, more than ${max}`;
  const bad = details.find((d) => typeof obj(d)?.path !== "string" || typeof obj(d)?.message !== "string");
  return bad === undefined ? undefined : `a detail without a string path and message: ${JSON.stringify(bad)}`;
}
