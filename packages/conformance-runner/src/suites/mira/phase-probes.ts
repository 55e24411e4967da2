import type { Outcome } from "../../channels/rpc-stdio/session.js";
import { controlText } from "../kit/control.js";
import { type Fixture, openProbe, probeFixtures } from "../kit/fixtures.js";
import { pool } from "../kit/pool.js";
import { oneLine, withMembers } from "../kit/raw-json.js";
import { json, obj } from "../kit/values.js";
import { answered, type Context } from "./context.js";
import type { PlannedCase } from "./plan.js";
import { resultProblem } from "./results.js";

/**
 * Integer probes the seed itself refuses: its u64/usize/u32 members are read by serde_json, which takes `3.0`
 * and `-0` as floats and nothing past 2^64−1 or below 0 (upstream's schema: `format: uint64`, `minimum: 0`).
 * keel's schema drops those bounds (schemas/mira/README.md item 10), so a study refusing them follows the
 * seed: a warning. Within u64 (2^53, 2^53 + 1) a refusal is a dialect fault (a safe-integer check).
 */
const SEED_REFUSES = new Set([
  "integer-decimal-point",
  "integer-negative-zero",
  "integer-past-int64",
  "integer-minus-2-53",
]);
/** members the seed types u32 (ATIF `llm_call_count`): 2^53 is past them too */
const NARROW = /\/llm_call_count$/;

/** Why refusing this valid probe is not a failure, or undefined when the schema's verdict binds. */
function openReading(f: Fixture): string | undefined {
  const keel = openProbe(f);
  if (keel) return `probe ${keel}, which keel reads as valid and the specifications leave open`;
  const seed = f.probes?.find(
    (p) => SEED_REFUSES.has(p) || (p.startsWith("integer-") && NARROW.test(f.pointer ?? "")),
  );
  return seed && `probe ${seed}, which the seed's own decoder refuses too (u64, serde_json)`;
}

/**
 * The dialect probes among the requests keel sends a study (issue 30; docs/dialects.md), each line as the
 * fixture writes it: `run` and `score` of a listed case with the probed value in place (beside a control
 * with that value made ordinary, so a refusal of both is not laid on the probe), a method name ending in a
 * lone surrogate, and `initialize` with a protocol_version ending in a line end. Returns how many were sent.
 */
export async function probePhase(ctx: Context, c0: PlannedCase | undefined): Promise<number> {
  const valid = probeFixtures("mira", "request", "valid");
  const cases = c0
    ? valid.filter((f) => {
        const method = obj(f.document)?.method;
        return method === "run" || (method === "score" && ctx.caps.has("score"));
      })
    : [];
  await pool(cases, ctx.concurrency, (f) => caseProbe(ctx, f, c0 as PlannedCase));
  const method = valid.filter((f) => f.pointer === "/method");
  for (const f of method) await methodProbe(ctx, f);
  const invalid = probeFixtures("mira", "request", "invalid").filter(
    (f) => obj(f.document)?.method === "initialize",
  );
  for (const f of invalid) await initializeProbe(ctx, f);
  return cases.length + method.length + invalid.length;
}

/** Sends a fixture's line (its own id replaced by the session's), as written. */
const sendLine = (ctx: Context, f: Fixture, text: string): Promise<Outcome> => {
  const doc = obj(f.document);
  return ctx.s.requestLine(
    String(doc?.method),
    doc?.params,
    (id) => withMembers(text, { "/id": id }) ?? text,
  );
};

async function caseProbe(ctx: Context, f: Fixture, c0: PlannedCase): Promise<void> {
  const method = String(obj(f.document)?.method);
  const check = method === "run" ? "mira/run-valid" : "mira/score-valid";
  const identity = { eval: c0.eval, sample: c0.sample, target: c0.target, params: c0.params };
  const members = Object.fromEntries(Object.entries(identity).map(([k, v]) => [`/params/${k}`, v]));
  const text = withMembers(oneLine(f.text), members);
  const control = text && controlText(text, f.pointer ?? "", f.probes ?? []);
  if (!text || !control) return;
  const [probe, plain] = await Promise.all([sendLine(ctx, f, text), sendLine(ctx, f, control)]);
  answered(ctx, probe);
  // the control refused or unanswered: whatever the study dislikes here, it is not the probe
  if (!obj(answered(ctx, plain)) || probe.timedOut) return;
  const what = `${method} of ${c0.eval}/${c0.sample} as ${f.name} writes it [${f.probes?.join(", ")}]`;
  if (!probe.response) return ctx.v.fail(check, `${what}: ${probe.missing}`);
  const error = obj(probe.response.error);
  if (!error) return ctx.v.pass(check);
  const open = openReading(f);
  const said = `refused (${json(error.code ?? 0)} ${json(error.message)}), though it answered the same request with the value made ordinary`;
  if (open) ctx.v.warn(check, `${what}: ${said}; ${open}`);
  else
    ctx.v.fail(check, `${what}: ${said}; the value is valid by JSON Schema and within the seed's u64`, {
      expected: "the same answer as the control: a result",
      actual: json(probe.response),
    });
}

/** `list` followed by a lone surrogate: a method nobody has, so an error; read as `list`, a warning. */
async function methodProbe(ctx: Context, f: Fixture): Promise<void> {
  const o = await sendLine(ctx, f, oneLine(f.text));
  answered(ctx, o);
  if (!o.response) return;
  if (obj(o.response.error)) return ctx.v.pass("mira/unknown-method");
  ctx.v.warn(
    "mira/unknown-method",
    `${f.name}: a method name ending in a lone surrogate was answered with a result, not an error; probe ${openProbe(f)}, whose reading the specifications leave open (the study altered the name?)`,
  );
}

/**
 * `initialize` whose protocol_version ends in a line end: keel's pattern refuses it, upstream takes any
 * string and a study reads leniently, so an error or a result both do; a result is judged as the first one
 * (valid, the study's own version, not an echo of this one).
 */
async function initializeProbe(ctx: Context, f: Fixture): Promise<void> {
  const o = await sendLine(ctx, f, oneLine(f.text));
  const result = answered(ctx, o);
  if (!result) {
    if (o.timedOut) ctx.v.unanswered("mira/initialize-first", `${f.name}: ${o.missing}`);
    return;
  }
  const sent = obj(obj(f.document)?.params)?.protocol_version;
  const problem =
    resultProblem("initialize", result) ??
    (result.protocol_version === sent ? `answered protocol_version ${json(sent)}: an echo` : undefined);
  ctx.v.expect("mira/initialize-first", problem && `${f.name} [${f.probes?.join(", ")}]: ${problem}`, {
    expected: "an error, or a valid InitializeResult with the study's own protocol_version",
    actual: json(o.response),
  });
}
