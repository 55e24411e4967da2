import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect } from "vitest";
import { type Call, documentFindings, slipway } from "./harness.js";

// biome-ignore lint/suspicious/noExplicitAny: tests read fields of arbitrary answer JSON (protocol_state or cli_error)
export type Doc = any;

/**
 * A host that only follows `next`: argv from a variant's `base_argv` plus its inputs, never from prose.
 * Every answer is checked against its document type (registry facts.commands) on the way.
 */
export class Host {
  constructor(
    readonly ws: string,
    readonly session: string,
  ) {}

  call(argv: string[], input?: string): Call {
    const call = slipway(argv.slice(argv[0] === "slipway" ? 1 : 0), { cwd: this.session, input });
    expect(documentFindings(["slipway", ...argv.slice(argv[0] === "slipway" ? 1 : 0)], call)).toEqual([]);
    return call;
  }

  /** Parsed stdout of a successful call, or parsed stderr of a failed one. */
  doc(call: Call): Doc {
    return JSON.parse(call.rc === 0 ? call.stdout : call.stderr);
  }

  /** Resolves the variant `id` of `state.next` with the given input values (by input name). */
  argvOf(state: Doc, id: string, values: Record<string, string> = {}): string[] {
    const variant = state.next.variants.find((v: Doc) => v.id === id);
    expect(variant, `next offers ${id}`).toBeDefined();
    const inputs = variant.inputs.flatMap((i: Doc) =>
      values[i.name] === undefined ? [] : [i.flag, values[i.name]],
    );
    return [...variant.base_argv, ...inputs];
  }

  /** Writes an outcome for the state's current action and submits it through `submit-outcome-file`. */
  submit(state: Doc, fields: Record<string, unknown> = {}, name = "outcome"): Call {
    const action = state.action;
    const file = join(this.session, `${name}-${action.action_id}.json`);
    writeFileSync(file, JSON.stringify(outcome(action, fields), null, 2));
    return this.call(this.argvOf(state, "submit-outcome-file", { outcome_file: file }));
  }
}

/** A legal completed outcome for an action of any kind, with `fields` overriding. */
export function outcome(action: { action_id: string; kind: string }, fields: Record<string, unknown> = {}) {
  const base = {
    contract_version: 2,
    action_id: action.action_id,
    action_kind: action.kind,
    status: "completed",
    summary: `${action.kind} done.`,
    observations: [],
    known_issues: [],
    suggested_actions: [],
    pause: null,
    implementation:
      action.kind === "implement"
        ? { result: "applied", files_changed: ["README.md"], activities: [], uncertainties: [], attempts: 1 }
        : null,
    review:
      action.kind === "review" ? { result: "no_findings_reported", findings: [], uncertainties: [] } : null,
  };
  return { ...base, ...fields };
}
