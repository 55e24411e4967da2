/**
 * ajv's standalone output declares a `const schemaN = {…}` for every schema it compiled, used or not (only
 * error params such as enum values read them). Dropping the declarations nothing refers to is safe (an object
 * literal has no side effects) and roughly halves the module.
 */
export function dropUnusedSchemas(code: string): string {
  const counts = new Map<string, number>();
  for (const m of code.matchAll(/\bschema\d+\b/g)) counts.set(m[0], (counts.get(m[0]) ?? 0) + 1);
  return code
    .split("\n")
    .filter((line) => {
      const name = /^const (schema\d+) = \{.*\};$/.exec(line)?.[1];
      return name === undefined || counts.get(name) !== 1;
    })
    .join("\n");
}
