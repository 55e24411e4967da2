import { type Finding, isRecord } from "@keel/diagnostics";
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
