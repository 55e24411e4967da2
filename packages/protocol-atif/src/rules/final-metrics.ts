import type { CodeDescription, Finding } from "@keel/diagnostics";
import { at, isRecord, type Json, ruleFinding } from "@keel/diagnostics";

/**
 * `atif/total-steps-noted`: `final_metrics.total_steps` other than the number of steps "must be documented
 * in the root-level notes field" (the field's description).
 */
export function totalStepsNoted(trajectory: Json, pointer: string): Finding[] {
  const metrics = trajectory.final_metrics;
  const steps = Array.isArray(trajectory.steps) ? trajectory.steps.length : 0;
  if (!isRecord(metrics) || typeof metrics.total_steps !== "number" || metrics.total_steps === steps)
    return [];
  if (typeof trajectory.notes === "string" && trajectory.notes.trim() !== "") return [];
  return [
    ruleFinding(
      "atif/total-steps-noted",
      at(pointer, "final_metrics", "total_steps"),
      `expected total_steps ${steps} (the number of steps) or an explanation in notes, found ${metrics.total_steps} and no notes`,
    ),
  ];
}

/** What each code these rules report means (`keel explain`, docs/codes.md). */
export const finalMetricsCodes: readonly CodeDescription[] = [
  {
    code: "atif/total-steps-noted",
    meaning: "`final_metrics.total_steps` different from the number of steps is explained in `notes`",
    requirements: ["atif/total-steps-noted"],
    example: "expected notes explaining total_steps 12 for 10 steps, found none",
  },
];
