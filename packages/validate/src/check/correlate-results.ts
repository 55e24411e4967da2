import { type Finding, isRecord } from "@keel/diagnostics";
import type { RawDocument } from "../input/raw-document.js";
import type { ProtocolContext } from "./context.js";
import type { PairTask } from "./correlate-pairs.js";
import { definitionExplainer } from "./explain.js";
import type { DocumentResult } from "./file-result.js";
import { locate } from "./locate.js";
import { explainErrors } from "./messages.js";
import type { ProtocolModule } from "./protocols.js";
import { type ErrorObject, reduceErrors } from "./reduce-errors.js";
import { withoutTolerated } from "./tolerance.js";

export interface PairSettings extends ProtocolContext {
  module: ProtocolModule;
}

type ResultTask = { method: string; definition: string; requestLine: number | undefined };

/**
 * A response's pair judgement, on whichever thread holds its value: the findings of its task located in its
 * source, with their frames (to join its own check's with `combine`).
 */
export function judgePair(
  settings: PairSettings,
  value: unknown,
  doc: RawDocument,
  task: PairTask,
): DocumentResult {
  if ("unmatched" in task) return locate({ valid: true, findings: [unmatched(task.unmatched)] }, doc);
  return answering(guessPair(settings, value, doc, task.definition), task);
}

/**
 * The result checked against a definition before the main thread has paired the response (a thread that saw
 * its request earlier in the same batch guesses the method): located, without the hint naming the request.
 */
export function guessPair(
  settings: PairSettings,
  value: unknown,
  doc: RawDocument,
  definition: string,
): DocumentResult {
  const findings = resultFindings(settings, value, definition);
  return locate({ valid: !findings.some((f) => f.severity === "error"), findings }, doc);
}

/** A result check's findings with the hint naming the request the response answers. */
export function answering(result: DocumentResult, task: ResultTask): DocumentResult {
  if (result.findings.length === 0) return result;
  const { definition, method, requestLine } = task;
  const at = requestLine === undefined ? "" : ` at line ${requestLine}`;
  const findings = result.findings.map(({ line, column, ...f }) => ({
    ...f,
    hint: `${f.hint === undefined ? "" : `${f.hint} `}this response answers the ${method} request${at}: its result is checked against ${definition}`,
    // where it is stays last, as for every located finding (the members' order is the JSON report's)
    ...(line === undefined ? {} : { line }),
    ...(column === undefined ? {} : { column }),
  }));
  return { ...result, findings };
}

/**
 * A document's own verdict and its pair judgement's, as one: findings in file order, its own first where two
 * sit at the same place (what sorting them together, its own first, gives).
 */
export function combine(own: DocumentResult, pair: DocumentResult): DocumentResult {
  if (pair.findings.length === 0) return pair.valid ? own : { ...own, valid: false };
  const out: DocumentResult = { valid: own.valid && pair.valid, findings: [], frames: [] };
  if (own.type !== undefined) out.type = own.type;
  let i = 0;
  let j = 0;
  const after = (a: Finding, b: Finding) =>
    (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0);
  while (i < own.findings.length || j < pair.findings.length) {
    const mine = own.findings[i];
    const theirs = pair.findings[j];
    const takeOwn = theirs === undefined || (mine !== undefined && after(mine, theirs) <= 0);
    if (takeOwn) {
      out.findings.push(mine as Finding);
      out.frames.push(own.frames[i++] ?? "");
    } else {
      out.findings.push(theirs);
      out.frames.push(pair.frames[j++] ?? "");
    }
  }
  return out;
}

function unmatched(key: string): Finding {
  return {
    code: "validate/response-unmatched",
    severity: "warning",
    message: `expected a request with id ${key} earlier in the file, found none (or it was answered already): the result is not checked against a method`,
    pointer: "/id",
  };
}

/**
 * The result (as lenient readers see it) against its method's result definition (a pointer into the schema
 * file of the response's document type), with the verbose ajv `keel validate` explains schema errors with
 * (the package's generated one: no schema is compiled at run time).
 */
function resultFindings(settings: PairSettings, value: unknown, definition: string): Finding[] {
  const seen = withoutTolerated(settings.module, value);
  const answer = isRecord(seen) ? seen.result : undefined;
  const { validate, branches } = definitionExplainer(settings, "response", definition);
  if (validate(answer)) return [];
  const name = definition.replace(/^#\/\$defs\//, "");
  // pointers (and so messages: "required property "eval" in /result") from the response, not the result
  const errors = reduceErrors((validate.errors ?? []) as ErrorObject[], branches).map((e) => ({
    ...e,
    instancePath: `/result${e.instancePath}`,
  }));
  return explainErrors(errors, { result: answer }).map((f) => ({
    ...f,
    message: `${f.message} (as ${name})`,
  }));
}
