import { type Engine, hasErrors, type ValidationResult } from "@keel/diagnostics";
import { validateTrajectory } from "../generated/api.gen.js";
import { semanticRules } from "./semantic-rules.js";
import { trajectoryRules } from "./trajectory.js";

export { semanticRules };

/** Schema first; the semantic rules only when the schema passed (they assume its shape). */
export function checkTrajectory(document: unknown, engine: Engine = "ajv"): ValidationResult {
  const schema = validateTrajectory(document, engine);
  if (!schema.valid) return schema;
  const findings = semanticRules.trajectory(document);
  return { valid: !hasErrors(findings), findings };
}

export { trajectoryRules };
