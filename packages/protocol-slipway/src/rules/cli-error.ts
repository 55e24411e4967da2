import type { Finding } from "@keel/diagnostics";
import { isRecord, ruleFinding } from "@keel/diagnostics";

// Structured errors whose detail and recovery shape the reference fixes
// (/work/shared/reference/slipway/docs/reference-machine-protocol.md, "Errors and compatibility").

/** `slipway/error-details`: codes the reference gives strict details carry them. */
export function errorDetails(document: unknown): Finding[] {
  if (!isRecord(document)) return [];
  const details = isRecord(document.details) ? document.details : undefined;
  if (document.code === "journal_record_too_large") {
    if (details === undefined || !("limit" in details))
      return [
        ruleFinding(
          "slipway/error-details",
          "/details",
          "expected journal_record_too_large to carry details {context, size, limit}, found none",
        ),
      ];
    if (
      typeof details.size === "number" &&
      typeof details.limit === "number" &&
      details.size <= details.limit
    )
      return [
        ruleFinding(
          "slipway/error-details",
          "/details/size",
          `expected a refused record larger than its limit ${details.limit}, found size ${details.size}`,
        ),
      ];
  }
  if (document.code === "mutation_committed_output_failed" && details?.committed !== true)
    return [
      ruleFinding(
        "slipway/error-details",
        details === undefined ? "/details" : "/details/committed",
        `expected mutation_committed_output_failed to report committed: true, found ${details === undefined ? "no details" : JSON.stringify(details.committed)}`,
      ),
    ];
  return [];
}

/** `slipway/error-recovery`: a committed-but-unanswered mutation points at `slipway status`, never a replay. */
export function errorRecovery(document: unknown): Finding[] {
  if (!isRecord(document) || document.code !== "mutation_committed_output_failed") return [];
  const next = isRecord(document.next) ? document.next : {};
  const variants = Array.isArray(next.variants) ? next.variants : [];
  const status = variants.some(
    (v) => isRecord(v) && Array.isArray(v.base_argv) && v.base_argv[1] === "status",
  );
  return next.operation === "command" && status
    ? []
    : [
        ruleFinding(
          "slipway/error-recovery",
          "/next",
          `expected a command recovery offering slipway status, found operation ${JSON.stringify(next.operation)}${status ? "" : " without a status variant"}`,
        ),
      ];
}
