import { type Engine, type Finding, UsageError, type ValidationResult } from "@keel/diagnostics";

export interface DocumentTypeApi {
  validate(document: unknown, engine?: Engine): ValidationResult;
  /** ajv's verdict alone (the `./checks` entry): a caller explaining rejections itself skips the findings */
  verdict?: (document: unknown) => boolean;
}

type Rules = Readonly<Record<string, (document: unknown) => Finding[]>>;

/** What keel uses of a protocol package: its document-type table and its semantic rules. */
export interface ProtocolModule {
  documentTypes: Readonly<Record<string, DocumentTypeApi>>;
  semanticRules: Rules;
}

/**
 * The protocol package for a registry protocol name: `keel gen` writes protocol `<name>` as the package
 * `@keel/<name>`, so the registry is the only list. Imported on first use: a package's generated
 * validators cost 0.1–0.2 s to load, and a run needs one. For the ajv engine only its `./checks` entry is
 * loaded (the ajv checks, semantic rules and what the protocol tolerates), not zod and its schemas.
 */
export async function loadProtocol(protocol: string, engine: Engine = "zod"): Promise<ProtocolModule> {
  if (!/^[a-z][a-z0-9-]*$/.test(protocol))
    throw new UsageError(
      `expected a protocol name (lowercase letters, digits, -), found ${JSON.stringify(protocol)}`,
    );
  try {
    if (engine === "zod") return (await import(`@keel/${protocol}`)) as ProtocolModule;
    return ajvModule((await import(`@keel/${protocol}/checks`)) as ChecksEntry);
  } catch (error) {
    // a package made before the `./checks` entry existed: the whole package serves the ajv engine too
    if ((error as { code?: string }).code === "ERR_PACKAGE_PATH_NOT_EXPORTED")
      return (await import(`@keel/${protocol}`)) as ProtocolModule;
    if ((error as { code?: string }).code !== "ERR_MODULE_NOT_FOUND") throw error;
    throw new UsageError(
      `expected a package @keel/${protocol} for protocol ${protocol} (run \`pnpm keel gen\` and \`pnpm install\`), found none`,
    );
  }
}

/** A protocol package's `./checks` entry (its src/checks.ts). */
interface ChecksEntry {
  ajvChecks: Readonly<Record<string, (document: unknown) => ValidationResult>>;
  ajvVerdicts?: Readonly<Record<string, (document: unknown) => boolean>>;
  semanticRules: Rules;
}

function ajvModule(entry: ChecksEntry): ProtocolModule {
  const documentTypes = Object.fromEntries(
    Object.entries(entry.ajvChecks).map(([type, check]) => [
      type,
      { validate: check, ...(entry.ajvVerdicts?.[type] ? { verdict: entry.ajvVerdicts[type] } : {}) },
    ]),
  );
  // the rest (a mira `tolerate`, `classify`) is read by name where it is used
  return { ...entry, documentTypes };
}

/** Schema (ajv or zod), then the protocol's semantic rules; invalid only on an error-severity finding. */
export function checkDocument(
  module: ProtocolModule,
  type: string,
  document: unknown,
  engine: Engine,
): ValidationResult {
  const api = module.documentTypes[type];
  if (api === undefined) throw new Error(`no document type ${type}`);
  const schema = api.validate(document, engine);
  return schema.valid
    ? checkRules(module, type, document)
    : withRules(module, type, document, schema.findings);
}

/**
 * A document the schema refused, with the protocol rules that can run on its valid parts: each rule finding
 * outside the places the schema errors are (at, under or above them the rules read a broken shape) is kept,
 * so an unrelated rule finding does not wait for another round. Rules that cannot read the broken shape at
 * all (one throws) are said not to have run.
 */
export function withRules(
  module: ProtocolModule,
  type: string,
  document: unknown,
  schemaFindings: readonly Finding[],
): ValidationResult {
  const rules = module.semanticRules[type];
  if (rules === undefined) return { valid: false, findings: [...schemaFindings] };
  let found: Finding[];
  try {
    found = rules(document);
  } catch {
    return { valid: false, findings: [...schemaFindings, notRun(type)] };
  }
  const broken = schemaFindings.map((f) => f.pointer);
  const related = (p: string) => broken.some((b) => within(p, b) || (p !== "" && within(b, p)));
  return { valid: false, findings: [...schemaFindings, ...found.filter((f) => !related(f.pointer))] };
}

const within = (path: string, base: string) => base === "" || path === base || path.startsWith(`${base}/`);

function notRun(type: string): Finding {
  return {
    code: "validate/rules-not-run",
    severity: "info",
    message: `expected the ${type} protocol rules to run, found they cannot read this document until its schema errors are fixed`,
    pointer: "",
    hint: "fix the schema errors above and run again: the protocol rules may find more",
  };
}

/** The semantic rules of a schema-valid document. */
export function checkRules(module: ProtocolModule, type: string, document: unknown): ValidationResult {
  const findings = module.semanticRules[type]?.(document) ?? [];
  return { valid: !findings.some((f) => f.severity === "error"), findings };
}
