import { getAtPointer, joinPointer, type SchemaObject } from "@keel/schema-model";
import { fake, type Generate, PROBES } from "./candidates.js";
import type { Level, Node, Route } from "./place.js";
import { listed } from "./probe.js";

/** Whether a value is valid at a subschema (the side the whole document must be valid under). */
export type ValidAt = (n: Node, value: unknown) => boolean;

const record = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

/** `container` with `value` at `step` (a member name or an item index), the container made fit if it is not. */
export function put(container: unknown, step: string | number, value: unknown): unknown {
  if (typeof step === "number") {
    const items = Array.isArray(container) ? [...container] : [];
    while (items.length < step) items.push(null);
    items[step] = value;
    return items;
  }
  return { ...(record(container) ? container : {}), [step]: value };
}

const empty = (step: string | number): unknown => (typeof step === "number" ? [] : {});

/**
 * The items before a tuple position, each the first value its own item schema accepts (listed values,
 * plain probes, generated ones): `[rule level, options]` needs a valid level before the options.
 */
function tuple(gen: Generate, level: Level, valid: ValidAt, seed: number): unknown {
  if (typeof level.step !== "number" || level.step === 0) return empty(level.step);
  const s = getAtPointer(level.container.file.schema, level.container.pointer) as SchemaObject | undefined;
  const kw = Array.isArray(s?.prefixItems) ? "prefixItems" : Array.isArray(s?.items) ? "items" : undefined;
  if (kw === undefined) return [];
  const out: unknown[] = [];
  for (let j = 0; j < level.step; j++) {
    const at = { file: level.container.file, pointer: joinPointer(level.container.pointer, kw, j) };
    const values = [
      ...listed(at.file.schema, at.pointer),
      ...PROBES,
      ...fake(gen, at.file.schema, at.pointer, 2, seed),
    ];
    out.push(values.find((v) => valid(at, v)) ?? null);
  }
  return out;
}

/**
 * Whole documents carrying `fragment` at the place `route` leads to, each level's container chosen so the
 * level stays valid (bottom up: the first of documents generated for that level's subschema, or an empty
 * one, that accepts the level below, or the empty one with the members it requires added); then the same
 * with empty containers throughout. The caller
 * validates each whole document against both versions.
 */
export function* wholeDocuments(
  gen: Generate,
  route: Route,
  fragment: unknown,
  valid: ValidAt,
  seed: number,
  fix: (n: Node, value: unknown) => unknown = (_, v) => v,
): Generator<unknown> {
  let value = fragment;
  for (let i = route.levels.length - 1; i >= 0; i--) {
    const level = route.levels[i] as Level;
    const bare = put(tuple(gen, level, valid, seed), level.step, value);
    if (valid(level.landing, bare)) {
      value = bare;
      continue;
    }
    // the members the level requires, added (an update's package-ecosystem, directory and schedule)
    const fixed = fix(level.landing, bare);
    if (valid(level.landing, fixed)) {
      value = fixed;
      continue;
    }
    // generating for a large subschema takes a while: only when the empty container does not fit
    const same =
      level.container.pointer === level.landing.pointer && level.container.file === level.landing.file;
    const generated = [
      ...fake(gen, level.landing.file.schema, level.landing.pointer, 3, seed),
      ...(same ? [] : fake(gen, level.container.file.schema, level.container.pointer, 3, seed)),
    ].map((c) => put(c, level.step, value));
    value = generated.find((o) => valid(level.landing, o)) ?? fixed;
  }
  yield value;
  let bare = fragment;
  for (let i = route.levels.length - 1; i >= 0; i--)
    bare = put(
      empty((route.levels[i] as Route["levels"][number]).step),
      (route.levels[i] as Route["levels"][number]).step,
      bare,
    );
  yield bare;
}
