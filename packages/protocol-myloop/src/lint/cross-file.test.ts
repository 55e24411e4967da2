import { cpSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { tempDir } from "../../../../tools/test-kit/temp-dirs.js";
import { lintRunDirectory } from "./run-directory.js";

const clean = fileURLToPath(
  new URL("../../../../conformance/myloop/runs/clean/myloop/mapgpt_mp3d/v1", import.meta.url),
);

// Copies keep the run-path shape so graph and N stay known; errors only (layout/derived notes vary by edit).
function run(change: (dir: string) => void): string[] {
  const dir = join(tempDir("keel-lint-"), "myloop", "mapgpt_mp3d", "v1");
  cpSync(clean, dir, { recursive: true });
  change(dir);
  const errors = lintRunDirectory(dir).findings.filter((f) => f.severity !== "info");
  return [...new Set(errors.map((f) => `${f.severity} ${f.code}`))];
}
// biome-ignore lint/suspicious/noExplicitAny: the tests reach into arbitrary JSON to break one thing
type Json = any;
const json = (dir: string, file: string, change: (doc: Json) => void): void => {
  const doc = JSON.parse(readFileSync(join(dir, file), "utf8"));
  change(doc);
  writeFileSync(join(dir, file), JSON.stringify(doc, null, 2));
};
const text = (dir: string, file: string, change: (t: string) => string): void => {
  writeFileSync(join(dir, file), change(readFileSync(join(dir, file), "utf8")));
};

describe("cross-file rules of a run directory", () => {
  it("spec-profile-exists", () => {
    expect(
      run((d) => json(d, "iteration/iter_0/spec.json", (s) => (s.specs[0].eval_profile.name = "perf_other"))),
    ).toEqual(["error myloop/spec-profile-exists"]);
  });

  it("spec-passes-required and record-passes-required: passes below the profile's passes_required", () => {
    const codes = run((d) => {
      text(d, "experiment_design.yaml", (t) =>
        t
          .replace("passes_required: 1", "passes_required: 3")
          .replace("episode_count: 120", "episode_count: 118"),
      );
    });
    expect(codes).toEqual([
      "error myloop/design-platform-profiles",
      "error myloop/record-per-ep-shape",
      "error myloop/record-passes-required",
      "error myloop/spec-passes-required",
    ]);
  });

  it("spec-not-smoke", () => {
    const codes = run((d) => {
      json(d, "iteration/iter_0/spec.json", (s) => (s.specs[0].eval_profile.name = "smoke_mapgpt_mp3d"));
    });
    expect(codes).toContain("error myloop/spec-not-smoke");
  });

  it("commit-contiguous and commit-last-committed", () => {
    expect(run((d) => renameSync(join(d, "iteration/iter_1"), join(d, "iteration/iter_2")))).toContain(
      "error myloop/commit-contiguous",
    );
    expect(run((d) => writeFileSync(join(d, ".loop_state/last_committed_iter"), "0\n"))).toEqual([
      "error myloop/commit-last-committed",
    ]);
  });

  it("commit-record-present: a torn commit", () => {
    expect(run((d) => rmSync(join(d, "iteration/iter_1/record.json")))).toContain(
      "error myloop/commit-record-present",
    );
  });

  it("commit-no-orphans: a per-spec file for a spec that does not exist", () => {
    expect(run((d) => writeFileSync(join(d, "iteration/iter_1/debug_log_spec_iter_1_C.md"), "x\n"))).toEqual([
      "error myloop/commit-no-orphans",
    ]);
  });

  it("critique-rounds: a round-2 critique without its round_1 file", () => {
    const codes = run((d) => {
      json(d, "iteration/iter_1/critique_spec_iter_1_B.json", (c) => {
        c.critic_round = 2;
        c.critique_id = "critique_iter_1_spec_iter_1_B_round_2";
      });
      json(d, "iteration/iter_1/record.json", (r) => (r.specs[1].critic.critic_round = 2));
    });
    expect(codes).toEqual([
      "error myloop/commit-iter-contents",
      "error myloop/critique-rounds",
      "warning myloop/lineage-critic",
    ]);
  });

  it("critique-references-exist: a BLOCK citing a lesson from its own iteration", () => {
    const codes = run((d) =>
      json(d, "iteration/iter_1/critique_spec_iter_1_B.json", (c) => {
        c.predicted_failure_modes[0].reference_experience_ids = ["exp_iter1_001"];
      }),
    );
    expect(codes).toEqual([
      "error myloop/critique-references-exist",
      "error myloop/record-critic-matches-critique",
    ]);
  });

  it("record-distill-experience and hypothesis-not-resolved", () => {
    expect(
      run((d) =>
        text(d, "experience.jsonl", (t) => t.replace('"exp_id":"exp_iter1_001"', '"exp_id":"exp_iter1_009"')),
      ),
    ).toEqual(["error myloop/record-distill-experience"]);
    const reopen =
      '{"hyp_id":"hyp_1","created_iter":"iter_0","conjecture":"The planner stops early for lack of a distance cue.","rationale":"Premature stops dominate the baseline failures.","test_design":"Add the cue to the STOP option.","priority":"high"}\n';
    expect(run((d) => text(d, "hypotheses.jsonl", (t) => t + reopen))).toEqual([
      "error myloop/hypothesis-not-resolved",
      "error myloop/record-distill-resolved",
    ]);
  });

  it("record-distill-presence and record-distill-knowledge", () => {
    expect(run((d) => rmSync(join(d, "iteration/iter_1/distill_spec_iter_1_A.json")))).toEqual([
      "error myloop/commit-iter-contents",
      "error myloop/record-distill-presence",
    ]);
    expect(
      run((d) => text(d, "knowledge.md", (t) => t.replace("## Graph: mapgpt_mp3d", "## Graph"))),
    ).toEqual(["error myloop/record-distill-knowledge"]);
  });

  it("derived files are warnings while the run is live", () => {
    expect(run((d) => text(d, "trace.md", (t) => t.replace("inert", "ok")))).toEqual([
      "warning myloop/trace-cells",
    ]);
    expect(run((d) => rmSync(join(d, "lineage.md")))).toEqual(["warning myloop/layout-required"]);
  });

  it("layout-legacy-v0: a v0 record stops the lint", () => {
    const codes = run((d) =>
      json(d, "iteration/iter_0/record.json", (r) => (r.experiment = r.specs[0].experiment)),
    );
    expect(codes).toEqual(["error myloop/layout-legacy-v0"]);
  });
});

describe("axes and hypotheses across files", () => {
  it("spec-axis-known and record-axis-known: an axis search_space.md does not list", () => {
    const codes = run((d) => text(d, "search_space.md", (t) => t.replace(/^- topology:.*\n/m, "")));
    expect(codes).toEqual([
      "error myloop/record-axis-known",
      "error myloop/spec-axis-known",
      "error myloop/search-axes-seeded",
    ]);
  });

  it("record-distill-resolved and record-distill-new", () => {
    expect(
      run((d) =>
        text(d, "experience.jsonl", (t) =>
          t.replace('"resolved_hypothesis":"hyp_1"', '"resolved_hypothesis":null'),
        ),
      ),
    ).toEqual([
      "error myloop/record-distill-new",
      "error myloop/record-distill-resolved",
      "error myloop/spec-hypothesis-known",
    ]);
    expect(run((d) => writeFileSync(join(d, "hypotheses.jsonl"), ""))).toEqual([
      "error myloop/record-distill-new",
    ]);
  });
});
