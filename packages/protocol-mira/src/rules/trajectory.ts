import { trajectoryRules } from "@keel/atif/checks";
import type { Finding } from "@keel/diagnostics";
import { at, isRecord } from "@keel/diagnostics";

/**
 * ATIF's rules above its schema on an embedded `transcript.trajectory` (schemas/mira/README.md: they "apply
 * to the trajectory too"), with pointers below the transcript's location.
 */
export function embeddedTrajectory(owner: unknown, pointer: string): Finding[] {
  if (!isRecord(owner) || !isRecord(owner.transcript) || !isRecord(owner.transcript.trajectory)) return [];
  return trajectoryRules(owner.transcript.trajectory, at(pointer, "transcript", "trajectory"));
}
