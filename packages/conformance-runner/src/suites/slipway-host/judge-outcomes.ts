import type { ValidationResult } from "@keel/diagnostics";
import type { Verdicts } from "../../verdicts.js";
import { commandOf, flag, outcomeText } from "./call.js";
import { where } from "./judge-start.js";
import type { ScenarioLog } from "./session.js";
import { walk } from "./view.js";

interface OutcomeDoc {
  action_id?: unknown;
  action_kind?: unknown;
  implementation?: { files_changed?: unknown } | null;
}

/** Obligations 4, 5 and 10: each submitted outcome, against the action it answers and the workspace. */
/** `@keel/slipway`'s `checkOutcome`, passed in so the protocol package loads only when the suite runs. */
export type CheckOutcome = (document: unknown) => ValidationResult;

export function judgeOutcomes(log: ScenarioLog, v: Verdicts, checkOutcome: CheckOutcome): void {
  const names = {
    one: "slipway-host/one-outcome-per-action",
    valid: "slipway-host/outcome-valid",
    matches: "slipway-host/outcome-matches-action",
    truthful: "slipway-host/truthful-work",
  };
  const sent = new Map<string, string>();
  walk(log.calls, (call, before) => {
    if (commandOf(call.argv) !== "protocol submit") return;
    const at = where(log, call);
    const target = flag(call.argv, "action") ?? "";
    const text = outcomeText(call);
    if (text === undefined)
      return v.fail(
        names.valid,
        `${at}: expected the outcome in a readable --outcome-file or on stdin, found neither`,
      );
    const first = sent.get(target);
    if (!before.issued.has(target))
      v.fail(
        names.one,
        `${at}: expected an outcome to an issued action, found --action ${target} that slipway never issued`,
      );
    else if (first !== undefined && first !== text)
      v.fail(names.one, `${at}: expected one outcome for action ${target}, found a second, different one`);
    else v.pass(names.one);
    if (first === undefined) sent.set(target, text);
    let doc: OutcomeDoc;
    try {
      doc = JSON.parse(text) as OutcomeDoc;
    } catch (e) {
      return v.fail(names.valid, `${at}: expected the outcome to be JSON, found ${(e as Error).message}`);
    }
    const result = checkOutcome(doc);
    const finding = result.findings.find((f) => f.severity === "error");
    if (!result.valid && finding)
      v.fail(
        names.valid,
        `${at}: expected a valid outcome, found at ${finding.pointer || "/"}: ${finding.message}`,
      );
    else v.pass(names.valid);
    const outstanding = before.action;
    if (
      !outstanding ||
      doc.action_id !== outstanding.id ||
      doc.action_id !== target ||
      doc.action_kind !== outstanding.kind
    )
      v.fail(
        names.matches,
        `${at}: expected action_id ${JSON.stringify(outstanding?.id)} and action_kind ${JSON.stringify(outstanding?.kind)} (the outstanding action, and --action), found ${JSON.stringify(doc.action_id)} and ${JSON.stringify(doc.action_kind)}`,
      );
    else v.pass(names.matches);
    const files = doc.implementation?.files_changed;
    if (doc.action_kind !== "implement" || !Array.isArray(files)) return;
    const missing = files.filter(
      (f) => typeof f === "string" && !(call.dirty ?? []).includes(f.replace(/^\.\//, "")),
    );
    if (missing.length)
      v.fail(
        names.truthful,
        `${at}: expected every file in implementation.files_changed changed in the workspace, found ${JSON.stringify(missing)} unchanged (git saw ${JSON.stringify(call.dirty ?? [])})`,
      );
    else v.pass(names.truthful);
  });
}
