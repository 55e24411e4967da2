import type { Engine, ValidationResult } from "@keel/diagnostics";
import { protocolEntry, type Registry } from "@keel/schema-model";
import type { Check } from "./check-file.js";
import { detectType, typeSignatures, undetected } from "./detect-type.js";
import { explainSchemaErrors } from "./explain.js";
import { checkDocument, type ProtocolModule } from "./protocols.js";

export interface CheckSettings {
  type?: string;
  engine: Engine;
}

/** Schema and semantic rules for one document of `protocol`, its type named or detected per document. */
export function makeCheck(
  root: string,
  registry: Registry,
  protocol: string,
  module: ProtocolModule,
  options: CheckSettings,
): Check {
  const byType = (type: string, doc: unknown): ValidationResult => {
    const result = checkDocument(module, type, doc, options.engine);
    // the fast validators stop short; a failed schema check is explained again, reduced (ajv engine)
    if (
      result.valid ||
      options.engine !== "ajv" ||
      !result.findings.some((f) => f.code.startsWith("schema/"))
    )
      return result;
    const explained = explainSchemaErrors(root, registry, protocol, type, doc);
    return explained.length > 0 ? { valid: false, findings: explained } : result;
  };
  if (options.type !== undefined) {
    const type = options.type;
    return (doc) => byType(type, doc);
  }
  const signatures = typeSignatures(root, registry, protocol, protocolEntry(registry, protocol));
  return (doc, kind) => {
    const type = detectType(signatures, doc);
    if (typeof type === "string") return byType(type, doc);
    if (kind !== "jsonl") throw undetected(protocol, type);
    return unknownType(protocol, type);
  };
}

/** A JSON Lines line whose type cannot be told is a finding on that line, not the end of the run. */
function unknownType(protocol: string, candidates: readonly string[]): ValidationResult {
  return {
    valid: false,
    findings: [
      {
        code: "validate/unknown-type",
        severity: "error",
        message: `expected a document of one ${protocol} type, found one that could be ${candidates.join(" or ")}`,
        pointer: "",
        hint: "name the type with --type",
      },
    ],
  };
}
