import { type Engine, type Finding, hasErrors, type ValidationResult } from "@keel/diagnostics";
import { validateTrajectory } from "../generated/api.gen.js";
import { trajectoryRules } from "./trajectory.js";

/** Semantic rules per document type, applied after the document passed its schema. */
export const semanticRules: Readonly<Record<"trajectory", (document: unknown) => Finding[]>> = {
  trajectory: (document) => trajectoryRules(document),
};

/** Schema first; the semantic rules only when the schema passed (they assume its shape). */
export function checkTrajectory(document: unknown, engine: Engine = "ajv"): ValidationResult {
  const schema = validateTrajectory(document, engine);
  if (!schema.valid) return schema;
  const findings = semanticRules.trajectory(document);
  return { valid: !hasErrors(findings), findings };
}

export { trajectoryRules };
