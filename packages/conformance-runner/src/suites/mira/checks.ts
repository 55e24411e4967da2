import type { CheckInfo } from "../../verdicts.js";
import { checkOf } from "../kit/check.js";

const check = checkOf("mira");
const schema = "mira/messages-match-schema";

/** Every check of the generic Mira suite, in report order, with the requirements it tests. */
export const miraChecks: readonly CheckInfo[] = [
  check(
    "stays-up",
    ["mira/eof-exit", "mira/failure-keeps-connection"],
    "the study stays up until its stdin closes",
  ),
  check(
    "stdout-json",
    ["mira/stdout-only-protocol-json", "mira/ndjson-framing"],
    "every stdout line is one JSON object",
  ),
  check(
    "bounded-output",
    ["mira/bounded-output"],
    "stdout carries protocol messages only, not an endless flood",
  ),
  check("message-valid", [schema], "every line validates as a response or notification"),
  check(
    "initialize-first",
    ["mira/initialize-answer", schema],
    "initialize, sent first, returns a valid InitializeResult with the study's own protocol_version",
  ),
  check("version-compatible", ["mira/major-compatible"], "the study's protocol major equals keel's"),
  check(
    "capabilities-known",
    [schema, "mira/capabilities-open"],
    "advertised capabilities are strings (unknown tokens allowed)",
  ),
  check("list-valid", [schema], "list returns a valid ListResult"),
  check("evals-count", ["mira/evals-count"], "initialize's evals count equals the listed evals"),
  check(
    "pagination-complete",
    ["mira/pagination-ends", "mira/pagination-no-duplicates"],
    "list_samples walks every cursor to the end, no duplicates or loops",
  ),
  check("answers-every-request", ["mira/request-answered"], "every request is answered before the timeout"),
  check("run-valid", [schema], "run results are valid RunResults"),
  check("run-echo", ["mira/run-echo"], "results echo eval, sample, target, params, trial, trials, seed"),
  check(
    "run-verdict-consistent",
    ["mira/score-verdict"],
    "passed and aggregate agree with the non-N/A scores",
  ),
  check(
    "runs-concurrent",
    ["mira/runs-concurrent"],
    "several runs in flight at once are all answered, by id",
  ),
  check(
    "events-correlated",
    ["mira/event-correlated", "mira/event-uncorrelated-default"],
    "events carry the request_id (or 0, uncorrelated) and case of their run",
  ),
  check(
    "events-ordered",
    ["mira/event-order", "mira/advertised-kinds-emitted"],
    "per run, `started` comes first and `finished` last; an advertised `finished` is emitted",
  ),
  check("response-id-known", ["mira/request-answered"], "every response id names a request that was sent"),
  check("answered-once", ["mira/answered-once"], "no request is answered twice"),
  check(
    "one-of-result-error",
    ["mira/request-answered", schema],
    "each response has exactly one of result / error",
  ),
  check(
    "unknown-method",
    ["mira/error-on-failed-request", "mira/failure-keeps-connection", "mira/error-code-class"],
    "an unknown method gets an error answer (code -32601 expected), and the study carries on",
  ),
  check(
    "unknown-eval",
    ["mira/error-on-failed-request", "mira/error-code-class", "mira/retryable-caller-mistake"],
    "run with an unknown eval gets an error answer (code -32602, not retryable, expected)",
  ),
  check(
    "unknown-sample",
    ["mira/error-on-failed-request", "mira/error-code-class", "mira/retryable-caller-mistake"],
    "run with an unknown sample gets an error answer (code -32602, not retryable, expected)",
  ),
  check(
    "unknown-target",
    ["mira/error-on-failed-request", "mira/error-code-class", "mira/retryable-caller-mistake"],
    "run with an unknown target gets an error answer (code -32602, not retryable, expected)",
  ),
  check(
    "execute-unknown-target",
    ["mira/error-on-failed-request"],
    "execute with an unknown target gets an error response, not a result (`execute`)",
  ),
  check(
    "score-malformed-transcript",
    ["mira/score-malformed-transcript"],
    "score of a malformed transcript gets an error response, not a result (`score`)",
  ),
  check(
    "ignores-unknown-fields",
    ["mira/ignore-unknown-fields"],
    "unknown fields in a request and its params are ignored",
  ),
  check(
    "ignores-unknown-notifications",
    ["mira/minor-additive", "mira/ignore-unknown-fields"],
    "an unknown notification from the host is ignored",
  ),
  check(
    "survives-malformed-line",
    ["mira/malformed-line-skipped"],
    "a malformed line is skipped and the study keeps answering (a session of its own)",
  ),
  check(
    "survives-non-object-line",
    ["mira/malformed-line-skipped"],
    "a JSON line that is not an object ([1,2], null, 42) is skipped, the study keeps answering (one session each)",
  ),
  check(
    "cancel-unknown-id",
    ["mira/cancel-found"],
    "cancel for an id not in flight answers cancelled: false",
  ),
  check(
    "execute-valid",
    ["mira/execute-full-transcript", "mira/capability-answers", schema],
    "execute returns a valid ExecuteResult echoing the case (`execute`)",
  ),
  check(
    "trajectory-valid",
    ["mira/trajectory-atif", "atif/schema-valid"],
    "every trajectory is valid ATIF with its semantic rules (unknown fields, newer labels: warnings)",
  ),
  check(
    "score-valid",
    ["mira/score-supplied-transcript", "mira/capability-answers", schema],
    "score of a supplied transcript returns a valid RunResult for it (`score`)",
  ),
  check(
    "cancel-in-flight",
    ["mira/cancelled-run-resolves", "mira/cancel-best-effort", "mira/capability-answers"],
    'a cancelled run resolves: error "cancelled", or its result when too late (`cancel`)',
  ),
  check(
    "execute-consistent",
    ["mira/deferred-consistent"],
    "execute + score of a case agree with run of it: same case, same verdict (`execute`, `score`)",
  ),
  check(
    "cancel-concurrent",
    ["mira/cancelled-run-resolves", "mira/cancel-many"],
    "several runs in flight cancelled at once all resolve as cancel said (`cancel`)",
  ),
  check("exits-on-eof", ["mira/eof-exit"], "the study exits cleanly (code 0) when stdin closes"),
];
