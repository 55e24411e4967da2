import { json, type Obj, obj } from "../kit/values.js";
import type { Called, Context } from "./context.js";
import { documentProblems, errorCodes, KINDS, nextProblem, nexts, stdoutType } from "./documents.js";

/** Reads one JSON object from text; `exact` when the text is that object and nothing else. */
export function readObject(text: string): { value?: Obj; exact: boolean } {
  try {
    const v = obj(JSON.parse(text));
    return v ? { value: v, exact: true } : { exact: false };
  } catch {
    // noise around the document: the last line that is an object, so later checks can still judge it
    for (const line of text.split("\n").reverse()) {
      try {
        const v = obj(JSON.parse(line));
        if (v) return { value: v, exact: false };
      } catch {}
    }
    return { exact: false };
  }
}

export function judgeSuccess(ctx: Context, out: Called, what: string): void {
  const { v } = ctx;
  const read = readObject(out.r.stdout);
  v.expect(
    "slipway/single-document",
    read.exact ? undefined : `${what} exited 0 with stdout that is not one JSON object`,
    { expected: "one JSON document", actual: json(out.r.stdout) },
  );
  if (!read.value) return;
  const doc = read.value;
  out.doc = doc;
  const type = stdoutType(out.argv);
  if (type) {
    const problems = documentProblems(type, doc);
    const first = problems.find((p) => p.owner === "document");
    v.expect("slipway/stdout-document", first && `${what} (${type}) ${first.text}`, {
      expected: `a valid ${type}`,
      actual: json(doc),
    });
    const kind = problems.find((p) => p.owner === "action-kind");
    if (kind) v.fail("slipway/action-kind", `${what}: ${kind.text}`, { actual: json(doc.action) });
  }
  judgeVersion(ctx, what, doc);
  judgeNexts(ctx, what, doc);
  judgeState(ctx, what, doc);
}

export function judgeError(ctx: Context, out: Called, what: string, current?: string): void {
  const { v } = ctx;
  const fromStderr = readObject(out.r.stderr);
  const error = fromStderr.value ?? readObject(out.r.stdout).value;
  if (error) out.error = error;
  const problems = fromStderr.value ? documentProblems("cli_error", fromStderr.value) : [];
  const shape =
    out.r.stdout !== ""
      ? `${what} failed (exit ${out.exit}) with stdout not empty: ${json(out.r.stdout)}`
      : !fromStderr.exact
        ? `${what} failed (exit ${out.exit}) without one JSON object on stderr: ${json(out.r.stderr)}`
        : problems.find((p) => p.owner === "document")?.text;
  v.expect("slipway/error-envelope", shape && (shape.startsWith(what) ? shape : `${what}: ${shape}`), {
    expected: "one cli_error object on stderr, stdout empty",
    actual: json(out.r.stderr),
  });
  const body = error?.exit_code;
  v.expect(
    "slipway/error-exit-code",
    out.exit !== 2 && out.exit !== 3
      ? `${what} failed with exit ${out.exit}, not 2 (usage) or 3 (state)`
      : error && body !== out.exit
        ? `${what} exited ${out.exit} but its exit_code says ${json(body)}`
        : undefined,
    { expected: "exit 2 or 3, equal to exit_code", actual: `exit ${out.exit}, exit_code ${json(body)}` },
  );
  if (!error) return;
  if (typeof error.code === "string")
    v.expect(
      "slipway/error-code-known",
      errorCodes.includes(error.code) ? undefined : `${what} answered code ${json(error.code)}`,
      { expected: errorCodes.join(", "), actual: json(error.code) },
    );
  judgeVersion(ctx, what, error);
  judgeNexts(ctx, what, error);
  // "Every success or error that can continue contains a typed `next` object": an error about an active
  // Run can continue, and any operation the schema allows continues it (contract_version_mismatch offers a
  // `command` that refreshes the adapters first); which variants it offers is slipway/next-argv's finding
  if (current === undefined) return;
  const next = obj(error.next);
  v.expect(
    "slipway/error-next",
    next && typeof next.operation === "string" && nextOperations.includes(next.operation)
      ? undefined
      : `${what} (${json(error.code)}) about an active Run offers next ${json(error.next)}`,
    { expected: `a typed next (operation ${nextOperations.join(", ")})`, actual: json(error.next) },
  );
}

/** The operations a `next` may name (upstream's reference, § Structured `next`; the schema's enum). */
const nextOperations = ["action", "answer", "resume", "start", "command", "none"];

function judgeVersion(ctx: Context, what: string, doc: Obj): void {
  const action = obj(doc.action);
  const problem =
    doc.contract_version !== 2
      ? `${what} answered contract_version ${json(doc.contract_version)}`
      : action && action.contract_version !== 2
        ? `${what}: its action carries contract_version ${json(action.contract_version)}`
        : undefined;
  ctx.v.expect("slipway/contract-version", problem, { expected: "2", actual: json(doc.contract_version) });
}

function judgeNexts(ctx: Context, what: string, doc: Obj): void {
  for (const { next, pointer } of nexts(doc)) {
    const problem = nextProblem(next, ctx.program);
    ctx.v.expect("slipway/next-argv", problem && `${what} ${pointer}: ${problem}`, {
      expected: "variants with base_argv as an argv array and typed inputs",
      actual: json(next),
    });
  }
}

/** A Run's state rules, on a protocol_state (and each action a document names). */
function judgeState(ctx: Context, what: string, doc: Obj): void {
  const { v } = ctx;
  const action = obj(doc.action);
  if (action)
    v.expect(
      "slipway/action-kind",
      KINDS.includes(String(action.kind)) ? undefined : `${what}: action kind ${json(action.kind)}`,
      { expected: KINDS.join(", "), actual: json(action.kind) },
    );
  if (typeof doc.state !== "string" || !("run_id" in doc)) return;
  const operation = obj(doc.next)?.operation;
  const problem =
    doc.state === "active" && !action
      ? `${what}: an active Run without an action`
      : (doc.state === "ended" || doc.state === "stopped") && operation === "action"
        ? `${what}: a ${doc.state} Run offers next.operation action`
        : (doc.state === "ended" || doc.state === "stopped") && action
          ? `${what}: a ${doc.state} Run still carries an action`
          : undefined;
  v.expect("slipway/state-consistent", problem, {
    expected: "active ⇔ an action; ended/stopped: no action offered",
    actual: json({ state: doc.state, action: action?.kind, next: operation }),
  });
}
