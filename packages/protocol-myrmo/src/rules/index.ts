import { type Engine, hasErrors, type ValidationResult } from "@keel/diagnostics";
import {
  validateErrorEnvelope,
  validateOutcomeAccepted,
  validateOutcomeReport,
  validatePublishAccepted,
  validateTrail,
  validateTrailStatus,
} from "../generated/api.gen.js";
import { type MyrmoDocumentType, semanticRules } from "./semantic-rules.js";

export type { MyrmoDocumentType };
export { semanticRules };

const validators = {
  trail: validateTrail,
  outcome_report: validateOutcomeReport,
  publish_accepted: validatePublishAccepted,
  trail_status: validateTrailStatus,
  outcome_accepted: validateOutcomeAccepted,
  error_envelope: validateErrorEnvelope,
} as const;

/** Schema first (generated validator); the semantic rules only when the schema passed. */
export function check(type: MyrmoDocumentType, document: unknown, engine: Engine = "ajv"): ValidationResult {
  const schema = validators[type](document, engine);
  if (!schema.valid) return schema;
  const findings = semanticRules[type](document);
  return { valid: !hasErrors(findings), findings };
}

export const checkTrail = (document: unknown, engine?: Engine) => check("trail", document, engine);
export const checkOutcomeReport = (document: unknown, engine?: Engine) =>
  check("outcome_report", document, engine);
