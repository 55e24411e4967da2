import { escapeToken, isRecord } from "@keel/diagnostics";
import type { Captures } from "./matchers.js";

const PLACEHOLDER = /\{([A-Za-z0-9_.-]+)\}/g;

/**
 * A value keel sends (or answers) with `{"$use": "name"}` replaced by the value captured as `name`
 * earlier in the scenario, `{"$template": "/v1/trails/{name}"}` by that string with each `{name}`
 * replaced by its captured value, and `{"$literal": v}` by v. Returns the names used before being bound.
 */
export function substitute(template: unknown, captures: Captures): { value: unknown; unbound: string[] } {
  const unbound: string[] = [];
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (!isRecord(v)) return v;
    const keys = Object.keys(v);
    if (keys.length === 1 && keys[0] === "$literal") return v.$literal;
    if (keys.length === 1 && keys[0] === "$template")
      return String(v.$template).replace(PLACEHOLDER, (_, name: string) => {
        if (!captures.has(name)) unbound.push(name);
        const bound = captures.get(name);
        return typeof bound === "string" ? bound : JSON.stringify(bound ?? null);
      });
    if (keys.length === 1 && keys[0] === "$use") {
      const name = String(v.$use);
      if (!captures.has(name)) unbound.push(name);
      return captures.get(name);
    }
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
  };
  return { value: walk(template), unbound };
}

/** Every `$capture` (in expectations) or `$use` (in templates) name in a value, with its pointer. */
export function names(
  value: unknown,
  key: "$capture" | "$use",
  pointer = "",
): { name: string; pointer: string }[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => names(v, key, `${pointer}/${i}`));
  if (!isRecord(value)) return [];
  const keys = Object.keys(value);
  if (keys.length === 1 && keys[0] === "$literal") return [];
  if (keys.length === 1 && keys[0] === key) return [{ name: String(value[key]), pointer }];
  if (key === "$use" && keys.length === 1 && keys[0] === "$template")
    return [...String(value.$template).matchAll(PLACEHOLDER)].map((m) => ({ name: m[1] as string, pointer }));
  return Object.entries(value).flatMap(([k, v]) => names(v, key, `${pointer}/${escapeToken(k)}`));
}
