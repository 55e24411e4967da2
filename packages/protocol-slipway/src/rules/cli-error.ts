import type { CodeDescription, Finding } from "@keel/diagnostics";
import { isRecord, ruleFinding } from "@keel/diagnostics";

// Structured errors whose detail and recovery shape the reference fixes (upstream Slipway
// docs/reference-machine-protocol.md, "Errors and compatibility"; schemas/slipway/README.md, "Semantic rules the package must add").

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

/** What each code these rules report means (`keel explain`, docs/codes.md). */
export const cliErrorCodes: readonly CodeDescription[] = [
  {
    code: "slipway/error-details",
    meaning:
      "error codes the reference gives strict details carry them (e.g. `details.committed` on mutation_committed_output_failed)",
    requirements: ["slipway/error-details"],
    example: "expected /details/committed to be true, found false",
  },
  {
    code: "slipway/error-recovery",
    meaning: "a committed-but-unanswered mutation points at `slipway status`, never a replay",
    requirements: ["slipway/committed-output-failed", "slipway/no-blind-replay"],
    example: 'expected /next to point at "slipway status", found a replay of the mutation',
  },
];
