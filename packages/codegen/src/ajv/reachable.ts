import { type Schema, type SchemaFile, type SchemaSet, walk } from "@keel/schema-model";

/**
 * Every schema object a validator entered at `fragment` of `file` can reach (`fragment`: `#`, `#/$defs/X`): its subschemas and, through
 * every `$ref`, the subschemas of the target, transitively. What one document type's explainer must hold.
 */
export function reachableSchemas(set: SchemaSet, file: SchemaFile, fragment: string): Set<Schema> {
  const seen = new Set<Schema>();
  const todo: Array<[SchemaFile, Schema]> = [[file, set.resolve(fragment, file).schema]];
  for (let next = todo.pop(); next !== undefined; next = todo.pop()) {
    const [from, root] = next;
    if (seen.has(root)) continue;
    for (const { schema } of walk(root)) {
      if (typeof schema !== "object" || seen.has(schema)) continue;
      seen.add(schema);
      if (typeof schema.$ref === "string") {
        const target = set.resolve(schema.$ref, from);
        todo.push([target.file, target.schema]);
      }
    }
  }
  return seen;
}
