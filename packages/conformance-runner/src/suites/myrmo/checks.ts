import type { CheckInfo } from "../../verdicts.js";
import { checkOf } from "../kit/check.js";

const check = checkOf("myrmo");

/** Every check of the generic Myrmo colony suite, in report order, with the requirements it tests. */
export const myrmoChecks: readonly CheckInfo[] = [
  check(
    "publish-valid",
    ["myrmo/publish-accepted"],
    "every valid trail fixture and example → 202 with a valid publish_accepted (trail_id, fingerprint, status queued, status_url)",
  ),
  check(
    "status-url",
    ["myrmo/accepted-retrievable"],
    "the 202's status_url resolves to the trail's status (200)",
  ),
  check(
    "status-content",
    ["myrmo/trail-status"],
    "GET /v1/trails/{id} → 200 with a valid trail_status carrying the trail as sent (top level or under one property)",
  ),
  check(
    "reject-invalid",
    ["myrmo/invalid-trail", "myrmo/colony-validates-strictly", "myrmo/strict-schema"],
    "every invalid trail fixture → 400 invalid_trail with 1 to 20 details (keel-only bounds and rules: warnings)",
  ),
  check(
    "details-located",
    ["myrmo/details-locate-failure"],
    "a detail's path names the fixture's failing location (for required / additionalProperties: the member or its object)",
  ),
  check(
    "error-envelope",
    ["myrmo/error-envelope", "myrmo/error-message-bound"],
    "every error answer is a valid error_envelope whose code has the registry's status",
  ),
  check("malformed-json", ["myrmo/invalid-request"], "a body that is not JSON → 400 invalid_request"),
  check(
    "not-a-trail",
    ["myrmo/invalid-trail", "myrmo/non-object-body"],
    "a JSON body that is not an object (array, string, number, null) → 400 (invalid_trail expected)",
  ),
  check("too-large", ["myrmo/body-limit", "myrmo/too-large"], "a body over 64 KB → 413 too_large"),
  check("unknown-route", ["myrmo/not-found"], "an unknown route → 404 not_found"),
  check("unknown-trail", ["myrmo/not-found"], "GET and POST outcomes on an unknown trail id → 404 not_found"),
  check(
    "hostile-bodies",
    ["myrmo/invalid-trail", "myrmo/invalid-request", "myrmo/body-limit", "myrmo/server-errors"],
    "`__proto__`, `constructor`, deep nesting, huge strings and invalid UTF-8 are answered (no 5xx) and the colony stays up",
  ),
  check(
    "outcome-accepted",
    ["myrmo/outcome-accepted"],
    "every valid outcome fixture (solution_id the path's trail, or left out) → 202 with strength in [0, 1]",
  ),
  check(
    "outcome-invalid",
    ["myrmo/invalid-trail", "myrmo/outcome-other-trail"],
    "every invalid outcome fixture → 400 with details; a solution_id naming another trail → 400 (invalid_trail or invalid_request)",
  ),
  check(
    "content-type",
    ["myrmo/json-over-http"],
    "every answer with a body says Content-Type: application/json",
  ),
  check(
    "rate-limit-headers",
    ["myrmo/rate-limit-headers", "myrmo/rate-limit-values"],
    "RateLimit-Limit / -Remaining / -Reset on every answer, integers with limit ≥ remaining ≥ 0, reset ≥ 0",
  ),
  check(
    "fingerprint-stable",
    ["myrmo/fingerprint-stable"],
    "the same trail published twice gets the same fingerprint",
  ),
  check(
    "by-fingerprint",
    ["myrmo/by-fingerprint"],
    "GET /v1/trails/by-fingerprint/{fp} lists the trail (skipped when the route answers 404)",
  ),
  check(
    "load-nothing-lost",
    ["myrmo/accepted-retrievable", "myrmo/retry-after-honoured"],
    "16 concurrent writers × 50 trails: every 202 retrievable with the same content, no 5xx (429/503 retried after Retry-After)",
  ),
  check(
    "stays-up",
    ["myrmo/json-over-http", "myrmo/serves"],
    "a colony keel started keeps answering until keel stops it (an exit is reported once; the checks after it are blocked)",
  ),
  check(
    "durable-after-kill",
    ["myrmo/durable"],
    "every trail accepted before a SIGKILL is still there after a restart",
  ),
];
