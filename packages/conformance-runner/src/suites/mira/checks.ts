import type { CheckInfo } from "../../verdicts.js";

const check = (name: string, cites: string, summary: string, beyond?: true): CheckInfo => ({
  name: `mira/${name}`,
  cites,
  summary,
  ...(beyond ? { beyond } : {}),
});
const docs = (section: string) => `docs/protocol.md § ${section}`;
/** the seed's comment on INVALID_PARAMS: "an unknown eval/sample/target. The caller's mistake — not retryable" */
const invalidParams = "seed protocol.rs `codes::INVALID_PARAMS` (unknown eval/sample/target, not retryable)";

/** Every check of the generic Mira suite, in report order. */
export const miraChecks: readonly CheckInfo[] = [
  check("stays-up", docs("Run lifecycle"), "the study stays up until its stdin closes"),
  check("stdout-json", docs("Transport & framing"), "every stdout line is one JSON object"),
  check(
    "bounded-output",
    docs("Transport & framing"),
    "stdout carries protocol messages only, not an endless flood",
    true,
  ),
  check("message-valid", docs("Message types"), "every line validates as a response or notification"),
  check(
    "initialize-first",
    docs("Methods / initialize"),
    "initialize, sent first, returns a valid InitializeResult",
  ),
  check(
    "version-compatible",
    "seed protocol.rs `version_compatible`",
    "the study's protocol major equals keel's",
  ),
  check(
    "capabilities-known",
    docs("Methods / initialize"),
    "advertised capabilities are strings (unknown tokens allowed)",
  ),
  check("list-valid", docs("Methods / list"), "list returns a valid ListResult"),
  check(
    "evals-count",
    "seed protocol.rs `InitializeResult.evals`",
    "initialize's evals count equals the listed evals",
  ),
  check(
    "pagination-complete",
    docs("Methods / list_samples"),
    "list_samples walks every cursor to the end, no duplicates or loops",
  ),
  check("answers-every-request", docs("Run lifecycle"), "every request is answered before the timeout"),
  check("run-valid", docs("Methods / run"), "run results are valid RunResults"),
  check("run-echo", docs("Methods / run"), "results echo eval, sample, target, params, trial, trials, seed"),
  check("run-verdict-consistent", docs("Score"), "passed and aggregate agree with the non-N/A scores"),
  check("runs-concurrent", docs("Run lifecycle"), "several runs in flight at once are all answered, by id"),
  check(
    "events-correlated",
    docs("Notification (study → host)"),
    "events carry the request_id and case of their run",
  ),
  check(
    "events-ordered",
    docs("Notification (study → host)"),
    "per run, `started` comes first and `finished` last; an advertised `finished` is emitted",
  ),
  check(
    "response-id-known",
    docs("Response (study → host)"),
    "every response id names a request that was sent",
  ),
  check("answered-once", docs("Response (study → host)"), "no request is answered twice"),
  check(
    "one-of-result-error",
    docs("Response (study → host)"),
    "each response has exactly one of result / error",
  ),
  check("unknown-method", docs("Errors"), "an unknown method gets error -32601, and the study carries on"),
  check("unknown-eval", invalidParams, "run with an unknown eval gets -32602, not retryable"),
  check("unknown-sample", invalidParams, "run with an unknown sample gets -32602, not retryable"),
  check("unknown-target", invalidParams, "run with an unknown target gets -32602, not retryable"),
  check(
    "execute-unknown-target",
    docs("Errors"),
    "execute with an unknown target gets an error response, not a result (`execute`)",
  ),
  check(
    "score-malformed-transcript",
    docs("Errors"),
    "score of a malformed transcript gets an error response, not a result (`score`)",
  ),
  check(
    "ignores-unknown-fields",
    docs("Versioning"),
    "unknown fields in a request and its params are ignored",
  ),
  check(
    "ignores-unknown-notifications",
    docs("Versioning"),
    "an unknown notification from the host is ignored",
  ),
  check(
    "survives-malformed-line",
    docs("Errors"),
    "a malformed line is skipped and the study keeps answering (a session of its own)",
  ),
  check(
    "survives-non-object-line",
    docs("Errors"),
    "a JSON line that is not an object ([1,2], null, 42) is skipped, the study keeps answering (one session each)",
  ),
  check(
    "cancel-unknown-id",
    docs("Methods / cancel"),
    "cancel for an id not in flight answers cancelled: false",
  ),
  check(
    "execute-valid",
    docs("Methods / execute"),
    "execute returns a valid ExecuteResult echoing the case (`execute`)",
  ),
  check(
    "trajectory-valid",
    "schemas/mira/README.md § The ATIF trajectory",
    "every trajectory is valid ATIF with its semantic rules (unknown fields, newer labels: warnings)",
  ),
  check(
    "score-valid",
    docs("Methods / score"),
    "score of a supplied transcript returns a valid RunResult for it (`score`)",
  ),
  check(
    "cancel-in-flight",
    docs("Methods / cancel"),
    'a cancelled run resolves: error "cancelled", or its result when too late (`cancel`)',
  ),
  check(
    "execute-consistent",
    docs("Methods / execute"),
    "execute + score of a case agree with run of it: same case, same verdict (`execute`, `score`)",
    true,
  ),
  check(
    "cancel-concurrent",
    docs("Methods / cancel"),
    "several runs in flight cancelled at once all resolve as cancel said (`cancel`)",
    true,
  ),
  check("exits-on-eof", docs("Errors"), "the study exits cleanly (code 0) when stdin closes"),
];
