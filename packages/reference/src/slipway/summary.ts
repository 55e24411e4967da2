import type { Activity } from "@keel/slipway/types";
import type { RunRecord } from "./record.js";

/** What a Run observed and was told, as `status` projects it and the ended summary lists it. */
const SINCE_START = "observed_since_start: the current Git observation differs from the run-start snapshot.";
const ATTRIBUTION =
  "attribution_uncertainty: concurrent user edits, another Run, or tools may have contributed to the observed difference.";

export const observedSinceStart = (run: RunRecord): boolean =>
  run.current_git.snapshot_hash !== run.initial_git.snapshot_hash;

const outcomes = (run: RunRecord) => run.actions.flatMap((e) => (e.outcome ? [e.outcome] : []));

export interface Findings {
  observations: string[];
  known_issues: string[];
  uncertainties: string[];
  activities: Activity[];
}

export function findingsOf(run: RunRecord): Findings {
  const all = outcomes(run);
  const since = observedSinceStart(run);
  return {
    observations: [...all.flatMap((o) => o.observations), ...(since ? [SINCE_START] : [])],
    known_issues: all.flatMap((o) => o.known_issues),
    uncertainties: [
      ...all.flatMap((o) => [...(o.implementation?.uncertainties ?? []), ...(o.review?.uncertainties ?? [])]),
      ...(since ? [ATTRIBUTION] : []),
    ],
    activities: all.flatMap((o) => o.implementation?.activities ?? []),
  };
}

const section = (title: string, items: string[]): string =>
  items.length === 0 ? "" : `${title}\n${items.map((i) => `- ${i}\n`).join("")}`;

/** The ended Run's summary, in the real CLI's section order (recorded for a no-review Run). */
export function endedSummary(run: RunRecord): string {
  const f = findingsOf(run);
  const reports = run.actions
    .filter((e) => e.outcome || e.skipped)
    .map((e) => `${e.action.kind}: ${e.outcome ? e.outcome.summary : "skipped"}`);
  const files = [...new Set(outcomes(run).flatMap((o) => o.implementation?.files_changed ?? []))];
  const reviews = outcomes(run).flatMap((o) => (o.review ? [o.review] : []));
  const review = !run.review_enabled
    ? "Review was disabled for this run.\n"
    : reviews.length === 0
      ? "No review was issued: no code change was observed after an action.\n"
      : section(
          "Review results:",
          reviews.map(
            (r) => `${r.result} (${r.findings.length} finding${r.findings.length === 1 ? "" : "s"})`,
          ),
        );
  return (
    "The automatic action queue has ended.\n" +
    section("Observed action reports:", reports) +
    (observedSinceStart(run) ? `${SINCE_START}\n${ATTRIBUTION}\n` : "") +
    section("Files reported changed by Implement:", files) +
    section("Observations:", f.observations) +
    section("Known issues:", f.known_issues) +
    review +
    section(
      "Reported technical activities:",
      f.activities.map((a) => `${a.kind}: ${a.command} (exit ${a.exit_code}): ${a.summary}`),
    ) +
    section("Uncertainties:", f.uncertainties)
  );
}
