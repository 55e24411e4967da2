import type { Finding } from "@keel/diagnostics";
import { trajectoryRules } from "./trajectory.js";

/** Semantic rules per document type, applied after the document passed its schema. */
export const semanticRules: Readonly<Record<"trajectory", (document: unknown) => Finding[]>> = {
  trajectory: (document) => trajectoryRules(document),
};
