import { describe, expect, it } from "vitest";
import { checkExperienceEntry, checkHypothesisEntry } from "./index.js";

const experience = {
  exp_id: "exp_iter2_003",
  iter_id: "iter_2",
  ts: "2026-05-15T13:58:20",
  lesson: "Raising worker_count did not change success; eval parallelism is not a confound.",
  evidence: {
    run_ids: ["20260515_134410"],
    metrics_before: { success: 0.111 },
    metrics_after: { success: 0.111 },
  },
  verdict: "inconclusive",
  resolved_hypothesis: null,
  tags: [],
};

describe("experience and hypothesis entries", () => {
  it("experience-id-iter: exp_iter{n} matches iter_{n}", () => {
    expect(checkExperienceEntry(experience)).toEqual([]);
    expect(
      checkExperienceEntry({ ...experience, iter_id: "iter_3" }).map((f) => [f.code, f.pointer]),
    ).toEqual([["myloop/experience-id-iter", "/exp_id"]]);
  });

  it("rejects the seed's verdict template and free-text placeholders", () => {
    expect(
      checkExperienceEntry({ ...experience, verdict: "confirmed | refuted | inconclusive" }).map(
        (f) => f.code,
      ),
    ).toEqual(["schema/enum"]);
    const hypothesis = {
      hyp_id: "hyp_7",
      created_iter: "iter_3",
      conjecture: "Multi-room instructions fail at the room transition.",
      rationale: "...",
      test_design: "Build a multi-room subset and compare.",
      priority: "low",
    };
    expect(checkHypothesisEntry(hypothesis).map((f) => f.code)).toEqual(["myloop/placeholder-values"]);
  });
});
