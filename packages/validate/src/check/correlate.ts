import { type Finding, isRecord, type ValidationResult } from "@keel/diagnostics";
import { protocolEntry } from "@keel/schema-model";
import type { Check } from "./check-file.js";
import type { ProtocolContext } from "./context.js";
import { definitionExplainer } from "./explain.js";
import { explainErrors } from "./messages.js";
import type { ProtocolModule } from "./protocols.js";
import { type ErrorObject, reduceErrors } from "./reduce-errors.js";
import { withoutTolerated } from "./tolerance.js";

/**
 * A response does not say which method it answers, so its `result` is checked only once it is matched to
 * its request. A file that holds both directions (a session capture) is read as the host does: each
 * request's id remembered with its method, each response's result checked against that method's result
 * definition (registry `facts.methodSchemas`, e.g. `run` → `#/$defs/RunResult`). For protocols whose
 * package classifies lines (`classify`) and whose registry names method schemas; others pass unchanged.
 */
export interface CorrelateSettings extends ProtocolContext {
  module: ProtocolModule;
  /** requests kept awaiting their response (default CORRELATION_WINDOW); a response to an older one is unmatched */
  window?: number;
  /** `--type`, when given */
  type?: string | undefined;
  strict?: boolean;
}

interface Classifying {
  classify(document: unknown): string;
}

type MethodSchemas = Record<string, { result?: string | null } | undefined>;
interface Open {
  method: string;
  line: number | undefined;
}

/**
 * Whether the files of this run are correlated, and how: a function that wraps the run's check in a fresh
 * per-file one, or undefined (the protocol has no method schemas, or `--type` names a single line kind).
 */
export function correlation(settings: CorrelateSettings): ((check: Check) => Check) | undefined {
  const { registry, protocol, module, type } = settings;
  const entry = protocolEntry(registry, protocol);
  const methods = entry.facts.methodSchemas as MethodSchemas | undefined;
  const classify = (module as Partial<Classifying>).classify;
  // a type that is the whole schema (Mira's `message`) holds both directions; request/response alone cannot
  const whole = type === undefined || entry.documentTypes[type]?.pointer === "#";
  if (methods === undefined || typeof classify !== "function" || !whole) return undefined;
  const window = settings.window ?? CORRELATION_WINDOW;
  return (check) => {
    // only requests still awaiting their response, at most `window` of them (the oldest let go first)
    const open = new Map<string, Open[]>();
    const order = new KeyQueue((key) => open.has(key));
    let waiting = 0;
    let requests = 0;
    return (value, kind, source) => {
      const result = check(value, kind, source);
      if (!isRecord(value) || !isId(value.id)) return result;
      const key = JSON.stringify(value.id);
      const role = classify(value);
      if (role === "request" && typeof value.method === "string") {
        requests += 1;
        const queue = open.get(key);
        const entry = { method: value.method, line: source?.line };
        if (queue === undefined) open.set(key, [entry]);
        else queue.push(entry);
        order.push(key, waiting);
        if (++waiting > window) waiting -= forgetOldest(open, order);
        return result;
      }
      if (role !== "response") return result;
      const queue = open.get(key);
      const request = queue?.shift();
      if (request !== undefined) waiting -= 1;
      if (queue?.length === 0) open.delete(key);
      let extra: Finding[] = [];
      if (request === undefined) extra = requests > 0 ? [unmatched(value.id)] : [];
      else if (!brokenEnvelope(result)) {
        const definition = Object.hasOwn(methods, request.method)
          ? methods[request.method]?.result
          : undefined;
        const seen = withoutTolerated(module, value);
        const answer = isRecord(seen) ? seen.result : undefined;
        if (definition && answer !== undefined && answer !== null)
          extra = checkResult(settings, role, definition, answer, request);
      }
      if (extra.length === 0) return result;
      const findings = settings.strict ? extra.map((f): Finding => ({ ...f, severity: "error" })) : extra;
      return {
        ...result,
        valid: result.valid && !findings.some((f) => f.severity === "error"),
        findings: [...result.findings, ...findings],
      };
    };
  };
}

/**
 * How many requests a file may have awaiting their response at once. A host has a handful in flight; the
 * bound keeps memory flat on a capture of millions of requests whatever their ids (≈ 200 bytes each).
 */
export const CORRELATION_WINDOW = 16_384;

/** The request waiting longest let go: its response will be unmatched. */
function forgetOldest(open: Map<string, Open[]>, order: KeyQueue): number {
  for (let key = order.shift(); key !== undefined; key = order.shift()) {
    const queue = open.get(key);
    if (queue === undefined) continue; // answered already
    queue.shift();
    if (queue.length === 0) open.delete(key);
    return 1;
  }
  return 0;
}

/**
 * Request ids in arrival order, for letting the oldest go in O(1) (a Map iterated from its start walks
 * past every deleted entry). Answered ids are dropped when the queue is compacted, which happens once it
 * holds twice as many ids as are awaiting: memory stays within the window.
 */
class KeyQueue {
  private keys: string[] = [];
  private head = 0;

  constructor(private readonly awaiting: (key: string) => boolean) {}

  push(key: string, waiting: number): void {
    if (this.keys.length - this.head > 2 * waiting + 1024) {
      this.keys = this.keys.slice(this.head).filter(this.awaiting);
      this.head = 0;
    }
    this.keys.push(key);
  }

  shift(): string | undefined {
    return this.head < this.keys.length ? this.keys[this.head++] : undefined;
  }
}

const isId = (id: unknown): id is string | number => typeof id === "string" || typeof id === "number";

/** The line's own schema refused it: its result is not worth a second opinion. */
const brokenEnvelope = (r: ValidationResult) =>
  r.findings.some((f) => f.severity === "error" && f.code.startsWith("schema/"));

function unmatched(id: string | number): Finding {
  return {
    code: "validate/response-unmatched",
    severity: "warning",
    message: `expected a request with id ${JSON.stringify(id)} earlier in the file, found none (or it was answered already): the result is not checked against a method`,
    pointer: "/id",
  };
}

/**
 * The result against its method's result definition (a pointer into the schema file of the response's
 * document type), with the verbose ajv `keel validate` explains schema errors with (the package's generated
 * one: no schema is compiled at run time).
 */
function checkResult(
  settings: CorrelateSettings,
  responseType: string,
  definition: string,
  answer: unknown,
  request: Open,
): Finding[] {
  const { validate, branches } = definitionExplainer(settings, responseType, definition);
  if (validate(answer)) return [];
  const at = request.line === undefined ? "" : ` at line ${request.line}`;
  const name = definition.replace(/^#\/\$defs\//, "");
  // pointers (and so messages: "required property "eval" in /result") from the response, not the result
  const errors = reduceErrors((validate.errors ?? []) as ErrorObject[], branches).map((e) => ({
    ...e,
    instancePath: `/result${e.instancePath}`,
  }));
  return explainErrors(errors, { result: answer }).map((f) => ({
    ...f,
    message: `${f.message} (as ${name})`,
    hint: `${f.hint === undefined ? "" : `${f.hint} `}this response answers the ${request.method} request${at}: its result is checked against ${definition}`,
  }));
}
