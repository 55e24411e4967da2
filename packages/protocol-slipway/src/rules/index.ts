import { type Engine, hasErrors, type ValidationResult } from "@keel/diagnostics";
import { documentTypes } from "../generated/api.gen.js";
import { type SlipwayDocumentType, semanticRules } from "./semantic-rules.js";

export type { SlipwayDocumentType };
export { semanticRules };

/** Schema first (generated validator); the semantic rules only when the schema passed. */
export function check(
  type: SlipwayDocumentType,
  document: unknown,
  engine: Engine = "ajv",
): ValidationResult {
  const schema = documentTypes[type].validate(document, engine);
  if (!schema.valid) return schema;
  const findings = semanticRules[type](document);
  return { valid: !hasErrors(findings), findings };
}

type Check = (document: unknown, engine?: Engine) => ValidationResult;
const checker =
  (type: SlipwayDocumentType): Check =>
  (document, engine) =>
    check(type, document, engine);

export const checkAction = checker("action");
export const checkActionMaterial = checker("action_material");
export const checkChangeReport = checker("change_report");
export const checkCliError = checker("cli_error");
export const checkDoctorReport = checker("doctor_report");
export const checkListReport = checker("list_report");
export const checkOutcome = checker("outcome");
export const checkPinnedMaterial = checker("pinned_material");
export const checkProtocolState = checker("protocol_state");
export const checkRawSourceEnvelope = checker("raw_source_envelope");
export const checkRunStatus = checker("run_status");
export const checkSourceEnvelope = checker("source_envelope");
export const checkSourceManifest = checker("source_manifest");
export const checkStatusList = checker("status_list");
