import { type Engine, type Finding, hasErrors, isRecord, type ValidationResult } from "@keel/diagnostics";
import {
  validateErrorEnvelope,
  validateOutcomeAccepted,
  validateOutcomeReport,
  validatePublishAccepted,
  validateTrail,
  validateTrailStatus,
} from "../generated/api.gen.js";
import { bodySize } from "./body-size.js";
import { pathsInsideRoot, relativeFilePaths, unifiedDiffs } from "./code-patches.js";

type Rules = (document: unknown) => Finding[];
export type MyrmoDocumentType =
  | "trail"
  | "outcome_report"
  | "publish_accepted"
  | "trail_status"
  | "outcome_accepted"
  | "error_envelope";

/** Semantic rules per document type, applied after the document passed its schema. */
export const semanticRules: Readonly<Record<MyrmoDocumentType, Rules>> = {
  trail: (document) =>
    isRecord(document)
      ? [
          ...unifiedDiffs(document),
          ...relativeFilePaths(document),
          ...pathsInsideRoot(document),
          ...bodySize(document),
        ]
      : [],
  outcome_report: (document) => bodySize(document),
  // a colony's answers: the schema is the whole contract (open objects, no rules beyond it)
  publish_accepted: () => [],
  trail_status: () => [],
  outcome_accepted: () => [],
  error_envelope: () => [],
};

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
