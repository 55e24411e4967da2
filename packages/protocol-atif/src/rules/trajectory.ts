import type { Finding } from "@keel/diagnostics";
import { isRecord, type Json, records } from "@keel/diagnostics";
import { contentParts } from "./content-parts.js";
import { totalStepsNoted } from "./final-metrics.js";
import {
  agentOnlyFields,
  sourceCallIds,
  stepIdSequence,
  timestamps,
  toolCallIdsUnique,
  zeroLlmCalls,
} from "./steps.js";
import { embeddedTrajectoryIds, subagentRefKeys, subagentRefsResolve } from "./subagents.js";
import { fieldsWithinVersion, sessionIdBefore17 } from "./version-dated.js";

type PerTrajectory = (trajectory: Json, pointer: string, root: Json) => Finding[];

const perTrajectory: readonly PerTrajectory[] = [
  stepIdSequence,
  sourceCallIds,
  toolCallIdsUnique,
  agentOnlyFields,
  zeroLlmCalls,
  contentParts,
  timestamps,
  subagentRefKeys,
  embeddedTrajectoryIds,
  subagentRefsResolve,
  totalStepsNoted,
  fieldsWithinVersion,
  sessionIdBefore17,
];

function visit(trajectory: Json, pointer: string, root: Json, embedded: boolean): Finding[] {
  return [
    ...perTrajectory
      // Only a root trajectory needs session_id before 1.7; embedded ones may inherit it.
      .filter((rule) => !(embedded && rule === sessionIdBefore17))
      .flatMap((rule) => rule(trajectory, pointer, root)),
    ...records(trajectory, "subagent_trajectories", pointer).flatMap(([sub, p]) => visit(sub, p, root, true)),
  ];
}

/**
 * Every ATIF rule above the schema, for a trajectory that already passed it. `pointer` locates the
 * trajectory inside a larger document (Mira's `transcript.trajectory`); findings point below it.
 */
export function trajectoryRules(trajectory: unknown, pointer = ""): Finding[] {
  return isRecord(trajectory) ? visit(trajectory, pointer, trajectory, false) : [];
}
