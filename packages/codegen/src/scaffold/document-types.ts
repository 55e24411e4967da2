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

/** What a message is called: a union of these is a union of messages (JSON-RPC, A2A, MCP, …). */
const MESSAGE = /(Request|Notification|Result|Response|Message|Error|Event)$/;
/** A required member naming the protocol's version marks a document that stands on its own (A2A's AgentCard). */
const PROTOCOL_VERSION = /^(protocol|schema|spec)_?version$/i;

/**
 * The document types a new protocol starts with, when the maintainer names none, by what a document is,
 * not by whether a definition is referenced: the root schema when it asserts anything (one type named
 * after the protocol); else the message unions (every branch a definition named …Request, …Notification,
 * …Result, …Response, …Message, …Error or …Event: MCP's `ClientRequest`, `JSONRPCMessage`) that are no
 * branch of a larger one, and the standalone documents (an object requiring its protocol's version, such
 * as A2A's `AgentCard`) that are no branch of those; failing both, the definitions nothing else references
 * (the unions among them when there are any), or the unions among all of a recursive schema.
 * `keel new --type name=#/pointer` and `keel types` override the choice.
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
  const chosen = byWhatTheyAre(keyword, defs);
  return Object.fromEntries(
    (chosen.length > 0 ? chosen : byReferences(keyword, schema, defs)).map((name) => [
      snakeName(name),
      entry(`#/${keyword}/${encodeURIComponent(name)}`, firstLine(describe(defs[name] ?? {})) ?? name),
    ]),
  );
}

/** Message unions no larger one holds, and standalone documents none of them holds. */
function byWhatTheyAre(keyword: string, defs: Record<string, SchemaObject>): string[] {
  const branchesOf = (name: string): string[] | undefined => {
    const def = defs[name] ?? {};
    const union = def.anyOf ?? def.oneOf;
    if (!Array.isArray(union) || union.length === 0) return undefined;
    const names = (union as SchemaObject[]).map((b) => definitionName(keyword, b.$ref));
    return names.every((n): n is string => n !== undefined && n in defs) ? names : undefined;
  };
  const unions = new Map<string, string[]>();
  for (const name of Object.keys(defs)) {
    const branches = branchesOf(name);
    if (branches?.every((b) => MESSAGE.test(b))) unions.set(name, branches);
  }
  const held = new Set([...unions.values()].flat());
  const outer = [...unions.keys()].filter((name) => !held.has(name));
  // everything the chosen unions hold, through nested unions
  const within = new Set<string>();
  const hold = (name: string) => {
    for (const b of branchesOf(name) ?? [])
      if (!within.has(b)) {
        within.add(b);
        hold(b);
      }
  };
  for (const name of outer) hold(name);
  const standalone = Object.keys(defs).filter((name) => {
    const required = defs[name]?.required;
    return (
      !within.has(name) &&
      !outer.includes(name) &&
      Array.isArray(required) &&
      required.some((r) => typeof r === "string" && PROTOCOL_VERSION.test(r))
    );
  });
  return Object.keys(defs).filter((name) => outer.includes(name) || standalone.includes(name));
}

/** The definitions nothing references (their unions first); every union of a recursive schema. */
function byReferences(keyword: string, schema: SchemaObject, defs: Record<string, SchemaObject>): string[] {
  const text = JSON.stringify(schema);
  const referenced = (name: string): boolean =>
    text.includes(`"#/${keyword}/${name.replaceAll("~", "~0").replaceAll("/", "~1")}"`);
  const roots = Object.keys(defs).filter((name) => !referenced(name));
  // every definition referenced (a recursive schema): the pool is all of them
  const pool = roots.length > 0 ? roots : Object.keys(defs);
  const unions = pool.filter((name) => "anyOf" in (defs[name] ?? {}) || "oneOf" in (defs[name] ?? {}));
  return unions.length > 0 ? unions : pool;
}

/** `#/definitions/A~1B` → `A/B` (a reference into this schema's own definitions), else undefined. */
function definitionName(keyword: string, ref: unknown): string | undefined {
  const prefix = `#/${keyword}/`;
  if (typeof ref !== "string" || !ref.startsWith(prefix)) return undefined;
  const rest = ref.slice(prefix.length);
  if (rest.includes("/")) return undefined;
  return decodeURIComponent(rest).replaceAll("~1", "/").replaceAll("~0", "~");
}

function describe(schema: SchemaObject): string | undefined {
  const text = schema.description ?? schema.title;
  return typeof text === "string" && text.trim() !== "" ? text : undefined;
}

const firstLine = (text: string | undefined): string | undefined => text?.split("\n")[0]?.trim() || undefined;
