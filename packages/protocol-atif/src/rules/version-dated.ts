import type { CodeDescription, Finding } from "@keel/diagnostics";
import { at, isRecord, type Json, present, records, ruleFinding } from "@keel/diagnostics";

// Fields the schema descriptions date ("Added in ATIF-v1.x"; schemas/atif/README.md, "Shape"). The 1.7
// schema accepts them under any label, so an older label using them is caught here. These version-history
// rules are warnings: Harbor's v1.7 validator and schema accept such documents, so keel does not reject
// what the reference accepts (`--strict` makes every warning an error; issue 17).
type Where = "trajectory" | "step" | "tool_call" | "observation_result" | "subagent_ref";
const dated: readonly { where: Where; field: string; since: number; arrayOnly?: boolean }[] = [
  { where: "trajectory", field: "trajectory_id", since: 7 },
  { where: "trajectory", field: "subagent_trajectories", since: 7 },
  { where: "step", field: "is_copied_context", since: 5 },
  { where: "step", field: "llm_call_count", since: 7 },
  { where: "step", field: "message", since: 6, arrayOnly: true },
  { where: "tool_call", field: "extra", since: 7 },
  { where: "observation_result", field: "extra", since: 7 },
  { where: "observation_result", field: "content", since: 6, arrayOnly: true },
  { where: "subagent_ref", field: "trajectory_id", since: 7 },
];

/** The minor of an `ATIF-v1.N` label; a missing label means the default, 1.7 (README decision 3). */
export function labelMinor(trajectory: Json): number {
  const match = /^ATIF-v1\.(\d+)$/.exec(String(trajectory.schema_version ?? "ATIF-v1.7"));
  return match ? Number(match[1]) : 7;
}

function objectsOf(trajectory: Json, pointer: string): [Where, Json, string][] {
  const out: [Where, Json, string][] = [["trajectory", trajectory, pointer]];
  for (const [step, p] of records(trajectory, "steps", pointer)) {
    out.push(["step", step, p]);
    for (const [call, cp] of records(step, "tool_calls", p)) out.push(["tool_call", call, cp]);
    if (!isRecord(step.observation)) continue;
    for (const [result, rp] of records(step.observation, "results", at(p, "observation"))) {
      out.push(["observation_result", result, rp]);
      for (const [ref, fp] of records(result, "subagent_trajectory_ref", rp))
        out.push(["subagent_ref", ref, fp]);
    }
  }
  return out;
}

/** `atif/field-newer-than-version`: a field (or array form) used under a label older than its introduction. */
export function fieldsWithinVersion(trajectory: Json, pointer: string): Finding[] {
  const minor = labelMinor(trajectory);
  const label = String(trajectory.schema_version);
  return objectsOf(trajectory, pointer).flatMap(([where, object, p]) =>
    dated
      .filter((d) => d.where === where && d.since > minor && present(object[d.field]))
      .filter((d) => !d.arrayOnly || Array.isArray(object[d.field]))
      .map((d) =>
        ruleFinding(
          "atif/field-newer-than-version",
          at(p, d.field),
          `expected only fields of ${label}, found ${d.arrayOnly ? `${d.field} as a content-part array` : d.field}, added in ATIF-v1.${d.since}`,
          "warning",
        ),
      ),
  );
}

/** `atif/session-id-required`: `session_id` is "optional since ATIF-v1.7", so older labels require it. */
export function sessionIdBefore17(trajectory: Json, pointer: string): Finding[] {
  return labelMinor(trajectory) < 7 && !present(trajectory.session_id)
    ? [
        ruleFinding(
          "atif/session-id-required",
          pointer,
          `expected session_id under ${String(trajectory.schema_version)} (optional only since ATIF-v1.7), found none`,
          "warning",
        ),
      ]
    : [];
}

/** What each code these rules report means (`keel explain`, docs/codes.md). */
export const versionDatedCodes: readonly CodeDescription[] = [
  {
    code: "atif/field-newer-than-version",
    meaning: "no field newer than the document's `schema_version` label (warning; an error with --strict)",
    requirements: ["atif/field-dated"],
    example: "expected no /trajectory_id in an ATIF-v1.0 document (added in ATIF-v1.7), found one",
  },
  {
    code: "atif/session-id-required",
    meaning:
      "a root trajectory labelled older than ATIF-v1.7 sets `session_id` (warning; an error with --strict)",
    requirements: ["atif/session-id-before-1-7"],
    example: "expected /session_id in an ATIF-v1.5 document, found none",
  },
];
