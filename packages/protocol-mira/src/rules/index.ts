import { type Engine, hasErrors, type ValidationResult } from "@keel/diagnostics";
import {
  validateMessage,
  validateNotification,
  validateRequest,
  validateResponse,
} from "../generated/api.gen.js";
import { classify, type MiraDocumentType, semanticRules } from "./semantic-rules.js";

export type { MiraDocumentType };
export { classify, semanticRules };

const validators = {
  request: validateRequest,
  response: validateResponse,
  notification: validateNotification,
  message: validateMessage,
} as const;

/** Schema first (generated validator); the semantic rules only when the schema passed. */
export function check(type: MiraDocumentType, document: unknown, engine: Engine = "ajv"): ValidationResult {
  const schema = validators[type](document, engine);
  if (!schema.valid) return schema;
  const findings = semanticRules[type](document);
  return { valid: !hasErrors(findings), findings };
}

export const checkRequest = (document: unknown, engine?: Engine) => check("request", document, engine);
export const checkResponse = (document: unknown, engine?: Engine) => check("response", document, engine);
export const checkNotification = (document: unknown, engine?: Engine) =>
  check("notification", document, engine);
export const checkMessage = (document: unknown, engine?: Engine) => check("message", document, engine);
