import { type Engine, type Finding, hasErrors, isRecord, type ValidationResult } from "@keel/diagnostics";
import { validateOutcomeReport, validateTrail } from "../generated/api.gen.js";
import { bodySize } from "./body-size.js";
import { pathsInsideRoot, relativeFilePaths, unifiedDiffs } from "./code-patches.js";

type Rules = (document: unknown) => Finding[];
export type MyrmoDocumentType = "trail" | "outcome_report";

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
};

const validators = { trail: validateTrail, outcome_report: validateOutcomeReport } as const;

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
