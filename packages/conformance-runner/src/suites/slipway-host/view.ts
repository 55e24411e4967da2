import { type Answered, answerDocument, type HostCall } from "./call.js";

/** A check's verdict on one scenario: a problem (fail), undefined (pass), or null (nothing to judge). */
export type Judgement = string | undefined | null;

export interface Variant {
  id: string;
  base_argv: string[];
  inputs: { name: string; flag: string; required: boolean }[];
}

/** What the host could know about the Run from the answers it had read so far. */
export interface View {
  /** the last state an answer told (protocol_state, or an error's details.state) */
  state?: string;
  /** the last `next.operation` an answer told */
  operation?: string;
  /** the outstanding action per the last protocol_state */
  action?: { id: string; kind: string };
  /** every variant offered so far */
  variants: Variant[];
  /** every action id issued so far */
  issued: Set<string>;
}

/** An answer the host cannot act on with certainty: lost (signal, garbled), a defect (exit 1, 70) or run_busy. */
export function uncertain(a: Answered): boolean {
  if (a.signal) return true;
  const doc = answerDocument(a);
  if (!doc) return true;
  return (a.exit ?? 0) !== 0 && doc.code === "run_busy";
}

export const errorCode = (a: Answered): string | undefined => {
  const doc = answerDocument(a);
  return (a.exit ?? 0) !== 0 && typeof doc?.code === "string" ? doc.code : undefined;
};

function learn(view: View, a: Answered): void {
  if (uncertain(a)) return;
  const doc = answerDocument(a) ?? {};
  const next = doc.next as { operation?: unknown; variants?: unknown } | undefined;
  if (next && typeof next.operation === "string") {
    view.operation = next.operation;
    if (Array.isArray(next.variants)) view.variants.push(...(next.variants as Variant[]));
  }
  if ("code" in doc) {
    const state = (doc.details as { state?: unknown } | undefined)?.state;
    if (typeof state === "string") view.state = state;
    return;
  }
  if (typeof doc.state === "string") view.state = doc.state;
  // every document that names the current action teaches it: run/submit answers' `action`, and
  // `slipway status RUN --json`'s `current_action` (run_status)
  const action = ("action" in doc ? doc.action : doc.current_action) as
    | { action_id?: unknown; kind?: unknown }
    | null
    | undefined;
  if (typeof doc.state === "string")
    view.action =
      action && typeof action.action_id === "string" && typeof action.kind === "string"
        ? { id: action.action_id, kind: action.kind }
        : undefined;
  if (view.action) view.issued.add(view.action.id);
}

/** Walks the calls in order: `each` sees every call with the view the host had before it; returns the final view. */
export function walk(calls: readonly HostCall[], each?: (call: HostCall, before: View) => void): View {
  const view: View = { variants: [], issued: new Set() };
  for (const call of calls) {
    each?.(call, { ...view, variants: [...view.variants], issued: new Set(view.issued) });
    learn(view, call.answer);
  }
  return view;
}
