import { hash } from "node:crypto";

const ascii = /^[\x20-\x7e]*$/;

/** NFC, lower case, runs of whitespace as one space, trimmed (printable ASCII needs no NFC pass). */
const norm = (value: unknown): string =>
  typeof value !== "string"
    ? ""
    : (ascii.test(value) ? value : value.normalize("NFC")).toLowerCase().replace(/\s+/g, " ").trim();

/**
 * Names a trail's problem, so trails about one problem share it: the error type, the error message (or the
 * summary when there is none) and the runtime, normalised (case, whitespace), hashed.
 */
export function fingerprint(trail: Record<string, unknown>): string {
  const problem = (trail.problem ?? {}) as Record<string, unknown>;
  const environment = (trail.environment ?? {}) as Record<string, unknown>;
  const runtime = (environment.runtime ?? {}) as Record<string, unknown>;
  const parts = [
    norm(problem.error_type),
    norm(problem.error_message ?? problem.summary),
    norm(runtime.name),
  ];
  return `fp1-${hash("sha256", JSON.stringify(parts), "hex").slice(0, 32)}`;
}
