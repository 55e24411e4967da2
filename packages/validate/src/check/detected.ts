import type { Finding, ValidationResult } from "@keel/diagnostics";
import type { TypedResult } from "./check-file.js";
import { type Detection, isOpen, type TypeSignature } from "./detect-type.js";
import { unknownType } from "./unknown-type.js";

const hint = "name the type with --type to check the document as the one you mean";

/**
 * The verdict on a document of a detected type. One type detected: checked as it. Several fit equally:
 * checked as each, valid as one of them is valid. A choice nothing in the document made is said, as a
 * warning naming the types: only accept-anything types fit (`validate/open-type`), or the tied types'
 * verdicts differ (`validate/ambiguous-type`). `byType` checks and explains; `verdict` only checks.
 */
export function checkDetected(
  protocol: string,
  signatures: readonly TypeSignature[],
  detection: Detection,
  doc: unknown,
  byType: (type: string) => ValidationResult,
  verdict: (type: string) => ValidationResult,
): TypedResult {
  const first = detection.types[0];
  if (first === undefined) return { valid: false, findings: [unknownType(protocol, signatures, [], doc)] };
  if (detection.types.length === 1) {
    const result = byType(first);
    return detection.open
      ? {
          type: first,
          valid: result.valid,
          findings: [openType(protocol, signatures, [first], doc), ...result.findings],
        }
      : { type: first, valid: result.valid, findings: result.findings };
  }
  const results = detection.types.map((type) => ({ type, result: verdict(type) }));
  const valid = results.filter((r) => r.result.valid);
  const chosen = valid[0];
  if (chosen === undefined) {
    if (!detection.open)
      return { valid: false, findings: [unknownType(protocol, signatures, detection.types, doc)] };
    const result = byType(first);
    const warning = openType(protocol, signatures, detection.types, doc);
    return { type: first, valid: false, findings: [warning, ...result.findings] };
  }
  const warnings: Finding[] = [];
  if (detection.open) warnings.push(openType(protocol, signatures, detection.types, doc));
  else if (valid.length < results.length) {
    const invalid = results.filter((r) => !r.result.valid).map((r) => r.type);
    warnings.push({
      code: "validate/ambiguous-type",
      severity: "warning",
      pointer: "",
      message: `expected a document of one ${protocol} type, found one that fits ${listed(detection.types)} equally: valid as ${listed(valid.map((r) => r.type))}, invalid as ${listed(invalid)}`,
      hint,
    });
  }
  const findings = warnings.length === 0 ? chosen.result.findings : [...warnings, ...chosen.result.findings];
  return { type: chosen.type, valid: chosen.result.valid, findings };
}

/** `validate/open-type`: the types detected accept any object; names the nearest type that does not. */
function openType(
  protocol: string,
  signatures: readonly TypeSignature[],
  types: readonly string[],
  doc: unknown,
): Finding {
  const record = (doc !== null && typeof doc === "object" && !Array.isArray(doc) ? doc : {}) as object;
  const present = (s: TypeSignature) => s.required.filter((n) => Object.hasOwn(record, n)).length;
  const nearest = signatures
    .filter((s) => !isOpen(s) && present(s) > 0)
    .sort((a, b) => present(b) - present(a))[0];
  const missing = nearest?.required.filter((n) => !Object.hasOwn(record, n)) ?? [];
  const more = missing.length > 3 ? ` and ${missing.length - 3} more` : "";
  const why =
    missing.length === 0 ? "which it contradicts" : `missing ${missing.slice(0, 3).join(", ")}${more}`;
  const near = nearest === undefined ? "" : ` (nearest other: ${nearest.type}, ${why})`;
  const which =
    types.length === 1 ? `${types[0]} only because it accepts` : `${listed(types)} only because they accept`;
  return {
    code: "validate/open-type",
    severity: "warning",
    pointer: "",
    message: `expected a document that tells its ${protocol} type, found one detected as ${which} any object${near}`,
    hint,
  };
}

const listed = (types: readonly string[]) =>
  types.length <= 1 ? (types[0] ?? "") : `${types.slice(0, -1).join(", ")} and ${types.at(-1)}`;
