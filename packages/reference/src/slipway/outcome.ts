// the zod-free entry: every submit is a process of its own, and zod is most of what the package costs to load
import { ajvChecks } from "@keel/slipway/checks";
import type { Outcome } from "@keel/slipway/types";
import { SlipwayError, STATE, USAGE } from "./errors.js";
import { OUTCOME, type Spec } from "./outcome-shape.js";

/**
 * Decodes submitted Outcome bytes as the real CLI does: at most 1 MiB of UTF-8 JSON, one object, a
 * `contract_version` of 2 (missing or other → `contract_version_mismatch`, exit 3), then strictly
 * (unknown field → `decode json: unknown field "x" at $…`, missing → `required field "x" is missing at
 * $…`, both `invalid_outcome` exit 2), then the legal status/branch combinations per kind (exit 2).
 */
const LIMIT = 1024 * 1024;

export function decodeOutcome(bytes: Uint8Array): Outcome {
  const fail = (msg: string) => new SlipwayError("invalid_outcome", `decode outcome: ${msg}`, USAGE);
  if (bytes.length > LIMIT) throw fail(`input is ${bytes.length} bytes, over the 1048576-byte limit`);
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    throw fail("decode json: input is not valid UTF-8");
  }
  if (text.startsWith("\uFEFF")) throw fail("decode json: input starts with a byte order mark");
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (e) {
    throw fail(`decode json: ${(e as Error).message}`);
  }
  if (typeof doc !== "object" || doc === null || Array.isArray(doc))
    throw fail("decode json: expected a JSON object at $");
  const version = (doc as Record<string, unknown>).contract_version;
  if (version !== 2)
    throw new SlipwayError(
      "contract_version_mismatch",
      version === undefined
        ? "outcome contract_version is missing; expected 2"
        : `outcome contract_version ${JSON.stringify(version)} is not supported; expected 2`,
      STATE,
    );
  const problem = walk(OUTCOME, doc, "$");
  if (problem) throw fail(problem);
  const outcome = doc as Outcome;
  const illegal = legality(outcome);
  if (illegal) throw fail(illegal);
  // what the walk leaves to the schema (patterns, lengths: a scope_sha256 with a line end after it); the
  // deepest finding names it, where the per-kind branches of the schema add shallower ones
  const schema = ajvChecks
    .outcome(doc)
    .findings.filter((f) => f.severity === "error")
    .sort((a, b) => b.pointer.split("/").length - a.pointer.split("/").length)[0];
  if (schema) throw fail(`${schema.message} at $${schema.pointer.replaceAll("/", ".")}`);
  return outcome;
}

function walk(spec: Spec, v: unknown, at: string): string | undefined {
  if (spec === "string" || spec === "text") {
    if (typeof v !== "string") return `decode json: expected a string at ${at}`;
    return spec === "text" && v.trim() === "" ? `field at ${at} must not be empty` : undefined;
  }
  if (spec === "integer")
    return Number.isInteger(v) ? undefined : `decode json: expected an integer at ${at}`;
  if ("oneOf" in spec)
    return spec.oneOf.includes(v as string)
      ? undefined
      : `value ${JSON.stringify(v)} at ${at} is not one of ${spec.oneOf.join(", ")}`;
  if ("nullable" in spec) return v === null ? undefined : walk(spec.nullable, v, at);
  if ("array" in spec) {
    if (!Array.isArray(v)) return `decode json: expected an array at ${at}`;
    if (spec.max !== undefined && v.length > spec.max) return `at most ${spec.max} item(s) allowed at ${at}`;
    for (const [i, item] of v.entries()) {
      const p = walk(spec.array, item, `${at}[${i}]`);
      if (p) return p;
    }
    return undefined;
  }
  if (typeof v !== "object" || v === null || Array.isArray(v))
    return `decode json: expected an object at ${at}`;
  const o = v as Record<string, unknown>;
  for (const k of Object.keys(o))
    if (!(k in spec.fields)) return `decode json: unknown field ${JSON.stringify(k)} at ${at}`;
  for (const [k, s] of Object.entries(spec.fields)) {
    if (!(k in o)) {
      if (spec.optional?.includes(k)) continue;
      return `required field ${JSON.stringify(k)} is missing at ${at}`;
    }
    const p = walk(s, o[k], `${at}.${k}`);
    if (p) return p;
  }
  return undefined;
}

const IMPLEMENT_RESULT: Record<string, string[]> = {
  completed: ["applied", "not_needed"],
  partial: ["partial"],
  error: ["unable"],
};
const REVIEW_RESULT: Record<string, string[]> = {
  completed: ["no_findings_reported", "findings_reported"],
  partial: ["inconclusive"],
  error: ["error"],
};

/** The legal Outcome combinations of the machine-protocol reference (its table, row by row). */
function legality(o: Outcome): string | undefined {
  const { action_kind: kind, status } = o;
  const paused = status === "needs_input";
  if (paused !== (o.pause !== null)) return `status ${status} ${paused ? "requires" : "forbids"} a pause`;
  if (paused && o.suggested_actions.length > 0) return "a needs_input outcome suggests no action";
  if (paused && o.pause?.supersedes_answer_action_id !== undefined && o.pause.reason !== "decision_required")
    return "supersedes_answer_action_id is only allowed with decision_required";
  if (kind !== "implement" && o.implementation !== null) return `a ${kind} outcome has implementation null`;
  if (kind !== "review" && o.review !== null) return `a ${kind} outcome has review null`;
  if (o.suggested_actions.length > 0 && kind !== "orient" && kind !== "clarify")
    return `a ${kind} outcome suggests no action`;
  if (paused && o.pause?.reason === "destructive_confirmation_required" && kind !== "implement")
    return "only implement may ask for destructive confirmation";
  if (
    paused &&
    (o.pause?.reason === "destructive_confirmation_required") !== (o.pause?.destructive_request !== null)
  )
    return "destructive_request is present exactly for destructive_confirmation_required";
  if (kind === "clarify" && status === "partial") return "clarify has no partial outcome";
  if ((kind === "summarize" || kind === "review") && paused) return `${kind} cannot be needs_input`;
  if (kind === "summarize" && status === "partial") return "summarize has no partial outcome";
  if (kind === "implement" && !paused && !IMPLEMENT_RESULT[status]?.includes(o.implementation?.result ?? ""))
    return `implement status ${status} requires implementation.result ${IMPLEMENT_RESULT[status]?.join(" or ")}`;
  if (kind === "review" && !REVIEW_RESULT[status]?.includes(o.review?.result ?? ""))
    return `review status ${status} requires review.result ${REVIEW_RESULT[status]?.join(" or ")}`;
  return undefined;
}
