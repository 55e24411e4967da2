import type { DocumentTypeEntry, FileKind, SchemaObject } from "@keel/schema-model";

/**
 * `JSONRPCMessage` → `jsonrpc_message`, `ClientRequest` → `client_request`, `A2AError` → `a2a_error`
 * (registry names are snake_case; a digit inside an acronym stays in it).
 */
export function snakeName(name: string): string {
  const words = name
    .replace(/([a-z])([A-Z])/g, "$1_$2")
    .replace(/([a-z][0-9]+)([A-Z])/g, "$1_$2")
    .replace(/([A-Z0-9]*[A-Z])([A-Z][a-z])/g, "$1_$2")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
  return /^[a-z]/.test(words) ? words : `t_${words}`;
}

const ASSERTING = ["type", "properties", "anyOf", "oneOf", "allOf", "$ref", "enum", "const", "items"];

/**
 * The document types a new protocol starts with, when the maintainer names none: the root schema when it
 * asserts anything (one type named after the protocol); else the definitions nothing else references,
 * the unions among them when there are any (MCP: `JSONRPCMessage`, `ClientRequest`, … rather than every
 * unreferenced base such as `Cursor`); when every definition is referenced (recursion), the unions among all. `keel new --type name=#/pointer` overrides the choice.
 */
export function chooseDocumentTypes(
  protocol: string,
  file: string,
  schema: SchemaObject,
  fileKinds: FileKind[],
): Record<string, DocumentTypeEntry> {
  const entry = (pointer: string, summary: string): DocumentTypeEntry => ({
    schema: file,
    pointer,
    fileKinds,
    summary,
  });
  if (ASSERTING.some((k) => k in schema))
    return { [snakeName(protocol)]: entry("#", firstLine(describe(schema)) ?? `a ${protocol} document`) };
  const keyword = "$defs" in schema ? "$defs" : "definitions";
  const defs = (schema[keyword] ?? {}) as Record<string, SchemaObject>;
  const text = JSON.stringify(schema);
  const referenced = (name: string): boolean =>
    text.includes(`"#/${keyword}/${name.replaceAll("~", "~0").replaceAll("/", "~1")}"`);
  const roots = Object.keys(defs).filter((name) => !referenced(name));
  // every definition referenced (a recursive schema): the pool is all of them
  const pool = roots.length > 0 ? roots : Object.keys(defs);
  const unions = pool.filter((name) => "anyOf" in (defs[name] ?? {}) || "oneOf" in (defs[name] ?? {}));
  const chosen = unions.length > 0 ? unions : pool;
  return Object.fromEntries(
    chosen.map((name) => [
      snakeName(name),
      entry(`#/${keyword}/${encodeURIComponent(name)}`, firstLine(describe(defs[name] ?? {})) ?? name),
    ]),
  );
}

function describe(schema: SchemaObject): string | undefined {
  const text = schema.description ?? schema.title;
  return typeof text === "string" && text.trim() !== "" ? text : undefined;
}

const firstLine = (text: string | undefined): string | undefined => text?.split("\n")[0]?.trim() || undefined;
