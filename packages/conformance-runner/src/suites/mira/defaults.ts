import { registryEntry, schemaFiles } from "@keel/mira";

/**
 * The fields whose absence means a value, by name: every property with a `default` in the Mira
 * schema, when all properties of that name agree on it (`trial` 0, `skipped` false, …). A recorded
 * value equal to it becomes `{"$default": v}`, so an implementation that leaves the field out matches.
 */
function collect(): Map<string, unknown> {
  const seen = new Map<string, string[]>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) {
      for (const n of node) walk(n);
      return;
    }
    if (node === null || typeof node !== "object") return;
    const props = (node as { properties?: Record<string, unknown> }).properties;
    for (const [name, p] of Object.entries(props ?? {}))
      if (p && typeof p === "object" && "default" in p)
        seen.set(name, [...(seen.get(name) ?? []), JSON.stringify((p as { default: unknown }).default)]);
    for (const n of Object.values(node)) walk(n);
  };
  for (const file of Object.values(schemaFiles)) walk(file);
  // the correlation member (registry facts.correlation) is captured, never a default: 0 there is "uncorrelated"
  const correlation = registryEntry.facts.correlation.split("/").at(-1);
  const out = new Map<string, unknown>();
  for (const [name, values] of seen)
    if (new Set(values).size === 1 && name !== correlation) out.set(name, JSON.parse(values[0] as string));
  return out;
}

export const schemaDefaults: ReadonlyMap<string, unknown> = collect();
