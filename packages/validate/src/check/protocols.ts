import { type Engine, type Finding, UsageError, type ValidationResult } from "@keel/diagnostics";

export interface DocumentTypeApi {
  validate(document: unknown, engine?: Engine): ValidationResult;
  parse(document: unknown): unknown;
}

type Rules = Readonly<Record<string, (document: unknown) => Finding[]>>;

/** What keel uses of a protocol package: its document-type table and its semantic rules. */
export interface ProtocolModule {
  documentTypes: Readonly<Record<string, DocumentTypeApi>>;
  semanticRules: Rules;
}

// Imported on first use: a package's generated validators cost 0.1–0.2 s to load, and a run needs one.
const loaders: Readonly<Record<string, () => Promise<ProtocolModule>>> = {
  atif: () => import("@keel/atif"),
  mira: () => import("@keel/mira"),
  myloop: () => import("@keel/myloop"),
  myrmo: () => import("@keel/myrmo"),
  slipway: () => import("@keel/slipway"),
};

/** The protocol package for a registry protocol name. */
export async function loadProtocol(protocol: string): Promise<ProtocolModule> {
  const load = Object.hasOwn(loaders, protocol) ? loaders[protocol] : undefined;
  if (load === undefined)
    throw new UsageError(
      `expected a protocol keel has a package for (${Object.keys(loaders).join(", ")}), found ${protocol}`,
    );
  return load();
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
  if (!schema.valid) return schema;
  const findings = module.semanticRules[type]?.(document) ?? [];
  return { valid: !findings.some((f) => f.severity === "error"), findings };
}
