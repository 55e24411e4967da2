import { documentTypes as atif, semanticRules as atifRules } from "@keel/atif";
import type { Engine, Finding, ValidationResult } from "@keel/diagnostics";
import { documentTypes as mira, semanticRules as miraRules } from "@keel/mira";
import { documentTypes as myloop, semanticRules as myloopRules } from "@keel/myloop";
import { documentTypes as myrmo, semanticRules as myrmoRules } from "@keel/myrmo";
import { documentTypes as slipway, semanticRules as slipwayRules } from "@keel/slipway";

export interface DocumentTypeApi {
  validate(document: unknown, engine?: Engine): ValidationResult;
  parse(document: unknown): unknown;
}

type Rules = Readonly<Record<string, (document: unknown) => Finding[]>>;

/** Each protocol package's document-type table, by protocol name (as in schemas/registry.json). */
export const protocolApis: Readonly<Record<string, Readonly<Record<string, DocumentTypeApi>>>> = {
  atif,
  mira,
  myloop,
  myrmo,
  slipway,
};

/** Each protocol package's semantic rules per document type, applied once the schema passed. */
const protocolRules: Readonly<Record<string, Rules>> = {
  atif: atifRules,
  mira: miraRules,
  myloop: myloopRules,
  myrmo: myrmoRules,
  slipway: slipwayRules,
};

/** Schema (ajv or zod), then the protocol's semantic rules; invalid only on an error-severity finding. */
export function checkDocument(
  protocol: string,
  type: string,
  document: unknown,
  engine: Engine,
): ValidationResult {
  const api = protocolApis[protocol]?.[type];
  if (api === undefined) throw new Error(`no ${protocol} document type ${type}`);
  const schema = api.validate(document, engine);
  if (!schema.valid) return schema;
  const findings = protocolRules[protocol]?.[type]?.(document) ?? [];
  return { valid: !findings.some((f) => f.severity === "error"), findings };
}
