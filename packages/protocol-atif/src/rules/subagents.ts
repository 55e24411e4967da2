import type { CodeDescription, Finding } from "@keel/diagnostics";
import { at, isRecord, type Json, present, records, ruleFinding } from "@keel/diagnostics";

/** Refs of every step of one trajectory (not descending into embedded subagents). */
function refs(trajectory: Json, pointer: string): [Json, string][] {
  return records(trajectory, "steps", pointer).flatMap(([step, p]) =>
    isRecord(step.observation)
      ? records(step.observation, "results", at(p, "observation")).flatMap(([result, rp]) =>
          records(result, "subagent_trajectory_ref", rp),
        )
      : [],
  );
}

/** `atif/subagent-ref-key`: a ref sets `trajectory_id` or `trajectory_path`; `session_id` alone does not resolve. */
export function subagentRefKeys(trajectory: Json, pointer: string): Finding[] {
  return refs(trajectory, pointer).flatMap(([ref, p]) =>
    present(ref.trajectory_id) || present(ref.trajectory_path)
      ? []
      : [
          ruleFinding(
            "atif/subagent-ref-key",
            p,
            "expected a subagent ref to set trajectory_id or trajectory_path, found neither",
          ),
        ],
  );
}

/**
 * `atif/embedded-trajectory-id-missing` / `-duplicate`: every entry of `subagent_trajectories` sets a
 * `trajectory_id`, unique within that array (the field's description, MUST).
 */
export function embeddedTrajectoryIds(trajectory: Json, pointer: string): Finding[] {
  const seen = new Set<unknown>();
  return records(trajectory, "subagent_trajectories", pointer).flatMap(([sub, p]): Finding[] => {
    const id = sub.trajectory_id;
    if (!present(id))
      return [
        ruleFinding(
          "atif/embedded-trajectory-id-missing",
          p,
          "expected an embedded subagent trajectory to set trajectory_id, found none",
        ),
      ];
    if (seen.has(id))
      return [
        ruleFinding(
          "atif/embedded-trajectory-id-duplicate",
          at(p, "trajectory_id"),
          `expected unique trajectory_id values in subagent_trajectories, found ${JSON.stringify(id)} again`,
        ),
      ];
    seen.add(id);
    return [];
  });
}

/**
 * `atif/subagent-ref-unresolved`: a ref by `trajectory_id` without `trajectory_path` matches an embedded
 * trajectory ("the parent's" / "the root's" `subagent_trajectories`, per the descriptions: both are accepted).
 */
export function subagentRefsResolve(trajectory: Json, pointer: string, root: Json): Finding[] {
  const ids = new Set(
    [...records(trajectory, "subagent_trajectories", ""), ...records(root, "subagent_trajectories", "")].map(
      ([sub]) => sub.trajectory_id,
    ),
  );
  return refs(trajectory, pointer).flatMap(([ref, p]) =>
    present(ref.trajectory_id) && !present(ref.trajectory_path) && !ids.has(ref.trajectory_id)
      ? [
          ruleFinding(
            "atif/subagent-ref-unresolved",
            at(p, "trajectory_id"),
            `expected trajectory_id to match an embedded subagent trajectory (${[...ids].map(String).join(", ") || "none embedded"}), found ${JSON.stringify(ref.trajectory_id)}`,
          ),
        ]
      : [],
  );
}

/** What each code these rules report means (`keel explain`, docs/codes.md). */
export const subagentsCodes: readonly CodeDescription[] = [
  {
    code: "atif/subagent-ref-key",
    meaning: "a subagent ref sets `trajectory_id` or `trajectory_path` (`session_id` alone does not resolve)",
    requirements: ["atif/subagent-ref-key"],
    example: "expected trajectory_id or trajectory_path at /steps/4/subagent, found only session_id",
  },
  {
    code: "atif/embedded-trajectory-id-missing",
    meaning: "every entry of `subagent_trajectories` sets `trajectory_id`",
    requirements: ["atif/embedded-trajectory-id"],
    example: "expected /subagent_trajectories/0/trajectory_id, found none",
  },
  {
    code: "atif/embedded-trajectory-id-duplicate",
    meaning: "`trajectory_id`s within `subagent_trajectories` are unique",
    requirements: ["atif/embedded-trajectory-id"],
    example: 'expected unique trajectory ids, found "t1" at /subagent_trajectories/0 and /1',
  },
  {
    code: "atif/subagent-ref-unresolved",
    meaning: "a ref with `trajectory_id` and no `trajectory_path` matches an embedded trajectory",
    requirements: ["atif/subagent-ref-resolves"],
    example: 'expected an embedded trajectory "t7" for /steps/4/subagent, found none',
  },
];
