import { type Finding, isRecord } from "@keel/diagnostics";
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
