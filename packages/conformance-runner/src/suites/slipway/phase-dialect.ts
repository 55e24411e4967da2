import { join } from "node:path";
import { type Fixture, openProbe, probeFixtures } from "../kit/fixtures.js";
import { locate, setRaw } from "../kit/raw-json.js";
import { json, type Obj, obj } from "../kit/values.js";
import { type Called, type Context, call } from "./caller.js";
import { submitArgv } from "./follow.js";
import { outcome, TUTORIAL_LINE, text } from "./outcomes.js";
import { GOAL } from "./phase-tutorial.js";
import { freshWorkspace, README } from "./workspace.js";

/**
 * Integer probes the upstream slipway itself refuses: its Go decoder reads `3.0` as no int and overflows
 * past int64 (docs/reference-machine-protocol.md: "the Go validator"), so refusing them follows upstream.
 */
const UPSTREAM_REFUSES = new Set(["integer-decimal-point", "integer-past-int64"]);

/** Why refusing this valid probe is not a failure, or undefined when the schema's verdict binds. */
function openReading(f: Fixture): string | undefined {
  const keel = openProbe(f);
  if (keel) return `probe ${keel}, which keel reads as valid and the specifications leave open`;
  const go = f.probes?.find((p) => UPSTREAM_REFUSES.has(p));
  return go && `probe ${go}, which upstream's Go decoder refuses too`;
}

const kindOf = (f: Fixture) => String(obj(f.document)?.action_kind);
const trailingEnd = (v: unknown) => (typeof v === "string" ? /(\r\n|\n|\u2028)$/.exec(v)?.[0] : undefined);

/** One Run's probes: a valid one per kind (orient, implement) and, at its implement action, invalid ones. */
interface RunProbes {
  n: number;
  valid: Map<string, Fixture>;
  invalid: Fixture[];
}

/**
 * The dialect probes among the outcomes keel submits (issue 30; docs/dialects.md), in Runs of their own in
 * a fresh workspace: each valid probe's value, as its fixture writes it (`3.0`, 2^64, a summary ending in a
 * line end), set into the outcome the tutorial submits for that action kind, must be accepted (when it is
 * refused and the same outcome without it is accepted: slipway/lifecycle); each invalid probe (an action_id
 * or scope_sha256 with a line end after it) must be refused (slipway/invalid-outcome). Returns how many
 * were sent.
 */
export async function dialectPhase(ctx: Context): Promise<number> {
  // a probe in the action's own id would name another action: those say nothing about the value
  const valid = probeFixtures("slipway", "outcome", "valid").filter((f) => f.pointer !== "/action_id");
  const invalid = probeFixtures("slipway", "outcome", "invalid").filter(
    (f) => f.pointer === "/action_id" || kindOf(f) === "implement",
  );
  const orient = valid.filter((f) => kindOf(f) === "orient");
  const implement = valid.filter((f) => kindOf(f) === "implement");
  const runs = Math.max(orient.length, implement.length, invalid.length ? 1 : 0);
  const w = freshWorkspace();
  const c: Context = { ...ctx, w };
  let sent = 0;
  try {
    for (let n = 0; n < runs; n++) {
      const probes: RunProbes = { n, valid: new Map(), invalid: n === 0 ? invalid : [] };
      if (orient[n]) probes.valid.set("orient", orient[n] as Fixture);
      if (implement[n]) probes.valid.set("implement", implement[n] as Fixture);
      const done = await probeRun(c, probes);
      sent += done.sent;
      if (!done.ok) break; // the plain steps failed: their own checks say why, the rest would repeat it
    }
  } finally {
    w.remove();
  }
  return sent;
}

async function probeRun(c: Context, p: RunProbes): Promise<{ ok: boolean; sent: number }> {
  const { w } = c;
  const start = await call(c, ["run", "--budget", "4", "--json", "--root", w.ws, "--no-review", "--", GOAL]);
  let state: Obj | undefined = start.exit === 0 ? start.doc : undefined;
  let sent = 0;
  for (let step = 0; state?.state === "active" && step < 6; step++) {
    const action = obj(state.action);
    const id = String(action?.action_id ?? "");
    const kind = String(action?.kind ?? "");
    const file = join(w.session, `dialect-${p.n}-${step}-${kind}.json`);
    const argv = submitArgv(state, file);
    if (!argv) return { ok: false, sent };
    const plain = text(outcome(id, kind, w.ws));
    // each Run changes README.md again, so the implement outcome's files_changed stays true
    const files: Record<string, string> =
      kind === "implement" ? { [join(w.ws, "README.md")]: `${README}${TUTORIAL_LINE}Run ${p.n}.\n` } : {};
    const submit = (body: string) => call(c, argv, { files: { ...files, [file]: body }, current: id });
    if (kind === "implement")
      for (const f of p.invalid) {
        const body = invalidBody(f, id, plain);
        if (!body) continue;
        sent++;
        if (!refused(c, f, await submit(body))) return { ok: false, sent };
      }
    const probe = p.valid.get(kind);
    const at = probe && locate(probe.text, probe.pointer ?? "");
    const body = probe && at && setRaw(plain, probe.pointer ?? "", probe.text.slice(at.start, at.end));
    let answer: Called;
    if (probe && body) {
      sent++;
      answer = await submit(body);
      if (answer.exit !== 0 && answer.exit !== null) {
        // refused: the same outcome without the probe tells whether the probe is why
        const control = await submit(plain);
        if (control.exit === 0) judgeRefusal(c, probe, kind, answer);
        answer = control;
      }
    } else answer = await submit(plain);
    if (answer.exit !== 0) return { ok: false, sent };
    state = answer.doc;
  }
  return { ok: state?.state === "ended", sent };
}

/** An invalid probe for the implement action `id`: its line end after the action's id, or its pause as written. */
function invalidBody(f: Fixture, id: string, plain: string): string | undefined {
  if (f.pointer === "/action_id") {
    const end = trailingEnd(obj(f.document)?.action_id);
    return end ? setRaw(plain, "/action_id", JSON.stringify(id + end)) : undefined;
  }
  return setRaw(f.text, "/action_id", JSON.stringify(id));
}

/** An invalid probe must be refused, by any code (the generic checks judge the error itself). */
function refused(c: Context, f: Fixture, a: Called): boolean {
  if (a.exit === null) return false;
  const what = `an outcome as ${f.name} writes it [${f.probes?.join(", ")}] (${f.pointer} ${f.keyword})`;
  if (a.exit !== 0) {
    c.v.pass("slipway/invalid-outcome");
    return true;
  }
  c.v.fail("slipway/invalid-outcome", `${what} was accepted (exit 0); the schema refuses it`, {
    expected: "a refusal (invalid_outcome)",
    actual: json(a.doc ?? a.r.stdout),
    rests: ["slipway/documents-match-schema"],
  });
  return false;
}

function judgeRefusal(c: Context, f: Fixture, kind: string, a: Called): void {
  const at = locate(f.text, f.pointer ?? "");
  const written = at ? f.text.slice(at.start, at.end) : "";
  const what = `the ${kind} outcome with ${f.pointer} ${written} as ${f.name} writes it [${f.probes?.join(", ")}]`;
  const said = `was refused (${json(a.error?.code)}, exit ${a.exit}) though the same outcome without it was accepted`;
  const open = openReading(f);
  if (open) c.v.warn("slipway/lifecycle", `${what} ${said}; ${open}`);
  else
    c.v.fail("slipway/lifecycle", `${what} ${said}: the value is valid by the schema`, {
      expected: "the outcome accepted",
      actual: json(a.error ?? a.r.stderr),
    });
}
