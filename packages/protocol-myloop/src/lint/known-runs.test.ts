import { describe, expect, it } from "vitest";
import { editText, lintCopy } from "../../test/run-copy.js";

/** Append a lesson of iteration n citing a run no record has. */
const lessonOf = (n: number) => (dir: string) =>
  editText(
    dir,
    "experience.jsonl",
    (t) =>
      `${t}${JSON.stringify({
        exp_id: `exp_iter${n}_002`,
        iter_id: `iter_${n}`,
        ts: "2026-05-15T15:10:00",
        lesson: "The distance cue also helps on the full slice.",
        evidence: {
          run_ids: ["20260515_150000"],
          metrics_before: { success: 0.417 },
          metrics_after: { success: 0.45 },
        },
        verdict: "inconclusive",
        resolved_hypothesis: null,
        tags: ["prompt-content"],
      })}\n`,
  );

describe("experience-runs-known", () => {
  it("accepts lessons citing recorded runs, and the in-flight iteration's lessons", () => {
    expect(lintCopy("experience-runs-known")).toEqual([]);
    expect(lintCopy("experience-runs-known", lessonOf(2))).toEqual([]);
  });

  it("warns about a committed iteration's lesson citing a run no record or baseline has", () => {
    expect(lintCopy("experience-runs-known", lessonOf(1))).toMatchInlineSnapshot(`
      [
        {
          "code": "myloop/experience-runs-known",
          "file": "experience.jsonl",
          "line": 3,
          "message": "expected evidence run 20260515_150000 in a committed record or a locked baseline, found it in neither",
          "pointer": "/evidence/run_ids/0",
          "severity": "warning",
        },
      ]
    `);
  });
});
