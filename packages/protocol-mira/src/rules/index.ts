import { type Engine, type Finding, hasErrors, isRecord, type ValidationResult } from "@keel/diagnostics";
import {
  validateMessage,
  validateNotification,
  validateRequest,
  validateResponse,
} from "../generated/api.gen.js";
import { caseTrial } from "./case-trial.js";
import { eventDetail } from "./event.js";
import { resultErrorExclusive } from "./response.js";
import { embeddedTrajectory } from "./trajectory.js";

type Rules = (document: unknown) => Finding[];
export type MiraDocumentType = "request" | "response" | "notification" | "message";

// Methods whose params are one case (RunParams / ScoreParams); registry `methodSchemas`.
const caseMethods = new Set(["run", "execute", "score"]);

const request: Rules = (document) =>
  isRecord(document) && caseMethods.has(String(document.method))
    ? [...caseTrial(document.params, "/params"), ...embeddedTrajectory(document.params, "/params")]
    : [];

// A response does not say which method it answers: a result with a case identity is a run/execute/score result.
const response: Rules = (document) =>
  isRecord(document)
    ? [
        ...resultErrorExclusive(document),
        ...caseTrial(document.result, "/result"),
        ...embeddedTrajectory(document.result, "/result"),
      ]
    : [];

const notification: Rules = (document) => eventDetail(document);

/** A wire line classified as the seed does: method + id → request, method alone → notification, else response. */
export function classify(document: unknown): Exclude<MiraDocumentType, "message"> {
  if (isRecord(document) && "method" in document) return "id" in document ? "request" : "notification";
  return "response";
}

/** Semantic rules per document type, applied after the document passed its schema. */
export const semanticRules: Readonly<Record<MiraDocumentType, Rules>> = {
  request,
  response,
  notification,
  message: (document) => ({ request, response, notification })[classify(document)](document),
};

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
