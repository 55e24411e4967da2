import type { CheckInfo } from "../../verdicts.js";

const check = (name: string, cites: string, summary: string): CheckInfo => ({
  name: `myrmo/${name}`,
  cites,
  summary,
});
// the colony's REST facts as keel writes them down (registry facts.colony, colony.v1.schema.json)
const api = (part: string) => `schemas/myrmo/README.md § The colony's answers and the HTTP facts (${part})`;
const fixtures = "conformance/myrmo/fixtures/manifest.json";

/** Every check of the generic Myrmo colony suite, in report order. */
export const myrmoChecks: readonly CheckInfo[] = [
  check(
    "publish-valid",
    `${api("POST /v1/trails")}; ${fixtures}`,
    "every valid trail fixture and example → 202 with a valid publish_accepted (trail_id, fingerprint, status queued, status_url)",
  ),
  check("status-url", api("status_url"), "the 202's status_url resolves to the trail's status (200)"),
  check(
    "status-content",
    api("GET /v1/trails/{trail_id}"),
    "GET /v1/trails/{id} → 200 with a valid trail_status carrying the trail as sent (top level or under one property)",
  ),
  check(
    "reject-invalid",
    `${api("errors: invalid_trail")}; ${fixtures}`,
    "every invalid trail fixture → 400 invalid_trail with 1 to 20 details (keel-only bounds and rules: warnings)",
  ),
  check(
    "details-located",
    `${api("errors: details[].path")}; ${fixtures}`,
    "a detail's path names the fixture's failing location (for required / additionalProperties: the member or its object)",
  ),
  check(
    "error-envelope",
    api("errors"),
    "every error answer is a valid error_envelope whose code has the registry's status",
  ),
  check("malformed-json", api("errors: invalid_request"), "a body that is not JSON → 400 invalid_request"),
  check(
    "not-a-trail",
    api("errors: invalid_trail"),
    "a JSON body that is not an object (array, string, number, null) → 400 invalid_trail",
  ),
  check("too-large", api("bodyLimitBytes"), "a body over 64 KB → 413 too_large"),
  check("unknown-route", api("errors: not_found"), "an unknown route → 404 not_found"),
  check(
    "unknown-trail",
    api("errors: not_found"),
    "GET and POST outcomes on an unknown trail id → 404 not_found",
  ),
  check(
    "hostile-bodies",
    api("POST /v1/trails"),
    "`__proto__`, `constructor`, deep nesting, huge strings and invalid UTF-8 are answered (no 5xx) and the colony stays up",
  ),
  check(
    "outcome-accepted",
    api("POST /v1/trails/{trail_id}/outcomes"),
    "every valid outcome fixture (solution_id the path's trail, or left out) → 202 with strength in [0, 1]",
  ),
  check(
    "outcome-invalid",
    `${api("POST /v1/trails/{trail_id}/outcomes")}; ${fixtures}`,
    "every invalid outcome fixture → 400 invalid_trail with details; a solution_id naming another trail → 400",
  ),
  check("content-type", api("mediaType"), "every answer with a body says Content-Type: application/json"),
  check(
    "rate-limit-headers",
    api("rateLimit"),
    "RateLimit-Limit / -Remaining / -Reset on every answer, integers with limit ≥ remaining ≥ 0, reset ≥ 0",
  ),
  check(
    "fingerprint-stable",
    api("POST /v1/trails"),
    "the same trail published twice gets the same fingerprint",
  ),
  check(
    "by-fingerprint",
    api("routes: by_fingerprint (optional)"),
    "GET /v1/trails/by-fingerprint/{fp} lists the trail (skipped when the route answers 404)",
  ),
  check(
    "load-nothing-lost",
    "issue 13 § nothing lost under load; schemas/myrmo/README.md (rateLimit: Retry-After)",
    "16 concurrent writers × 50 trails: every 202 retrievable with the same content, no 5xx (429/503 retried after Retry-After)",
  ),
  check(
    "durable-after-kill",
    "issue 13 § durability (command targets only)",
    "every trail accepted before a SIGKILL is still there after a restart",
  ),
];
