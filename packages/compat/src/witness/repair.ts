import { getAtPointer, joinPointer, splitPointer } from "@keel/schema-model";
import { fake, type Generate, PROBES } from "./candidates.js";
import type { Node } from "./place.js";
import { listed } from "./probe.js";
import type { Reader } from "./readers.js";

const record = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

/** `doc` with `value` written at `path` (member names and item indexes), containers made as needed. */
function setAt(doc: unknown, path: string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string, ...string[]];
  if (Array.isArray(doc) && /^\d+$/.test(head)) {
    const out = [...doc];
    out[Number(head)] = setAt(out[Number(head)], rest, value);
    return out;
  }
  const base = record(doc) ? doc : {};
  return { ...base, [head]: setAt(base[head], rest, value) };
}

/** Rounds of repair: one missing member each (nested ones, such as a schedule's interval, take one more). */
const ROUNDS = 12;

/**
 * `value` made valid at the subschema `at` by adding each member a `required` says is missing (the
 * dependabot update a witness sits in needs its package-ecosystem, directory and schedule): the member's
 * own listed or generated values when the `required` sits beside its schema, else plain values, the one
 * leaving fewest errors. Returns the value as far as it got (the caller validates the whole document).
 */
export function repair(gen: Generate, reader: Reader, at: Node, value: unknown, seed: number): unknown {
  const v = reader.at(at.file.name, at.pointer);
  if (v === undefined) return value;
  const score = (d: unknown) => (v(d) === true ? -1 : (v.errors?.length ?? 0));
  let cur = value;
  let errors = score(cur);
  for (let round = 0; round < ROUNDS && errors > 0; round++) {
    const e = (v.errors ?? []).find((x) => x.keyword === "required");
    const name = (e?.params as { missingProperty?: unknown } | undefined)?.missingProperty;
    if (e === undefined || typeof name !== "string") break;
    const path = [...(e.instancePath === "" ? [] : splitPointer(e.instancePath)), name];
    const best = candidatesFor(gen, reader, e, name, seed)
      .map((c) => ({ c, s: score(setAt(cur, path, c)) }))
      .sort((a, b) => a.s - b.s)[0];
    if (best === undefined || best.s >= errors) break;
    cur = setAt(cur, path, best.c);
    errors = best.s;
    score(cur);
  }
  return cur;
}

/** Values to try for a missing member: what its own schema lists and generates (when it is declared beside the `required`), then plain ones. */
function candidatesFor(
  gen: Generate,
  reader: Reader,
  e: { parentSchema?: unknown; keyword: string },
  name: string,
  seed: number,
): unknown[] {
  const where = reader.locate(e);
  const id = reader.fileOf(e);
  const file = reader.set.all.find((f) => f.id === id);
  const own: unknown[] = [];
  if (where !== undefined && file !== undefined) {
    // declared beside the `required`, or by the object a branch holding it belongs to (a `then` or an
    // `allOf` branch requires names its object declares)
    let at = splitPointer(where).slice(0, -1);
    for (; at.length >= 0; at = at.slice(0, -1)) {
      const p = joinPointer("", ...at, "properties", name);
      if (getAtPointer(file.schema, p) !== undefined) {
        own.push(...listed(file.schema, p).slice(0, 8), ...fake(gen, file.schema, p, 2, seed));
        break;
      }
      if (at.length === 0) break;
    }
  }
  return [...own, ...PROBES];
}
