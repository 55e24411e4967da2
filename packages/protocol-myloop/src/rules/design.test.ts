import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { designRules } from "./design.js";
import { checkExperimentDesign } from "./index.js";

type Design = Record<string, Record<string, unknown>>;
const example = (name: string): Design =>
  parse(
    readFileSync(
      new URL(`../../../../schemas/myloop/examples/experiment_design/${name}`, import.meta.url),
      "utf8",
    ),
  );
const codes = (doc: unknown) => checkExperimentDesign(doc).map((f) => f.code);

describe("experiment_design rules", () => {
  it("accepts both examples", () => {
    expect(checkExperimentDesign(example("minimal.yaml"))).toEqual([]);
    expect(checkExperimentDesign(example("rich.yaml"))).toEqual([]);
  });

  it("passes_required vs episode_count is a schema rule (1 needs ≥ 119 episodes)", () => {
    const doc = example("minimal.yaml");
    (doc.perf_mapgpt_mp3d as Record<string, unknown>).episode_count = 40;
    (doc.perf_mapgpt_mp3d as Record<string, unknown>).worker_count = 40;
    expect(codes(doc)).toEqual(["schema/minimum"]);
  });

  it("design-platform-profiles: smoke and perf profiles, named after the graph when it is known", () => {
    const doc = example("minimal.yaml");
    expect(designRules(doc as never, "mapgpt_mp3d")).toEqual([]);
    expect(designRules(doc as never, "other_graph").map((f) => f.code)).toEqual([
      "myloop/design-platform-profiles",
    ]);
    delete doc.smoke_mapgpt_mp3d;
    expect(codes(doc)).toEqual(["myloop/design-platform-profiles"]);
  });

  it("design-smoke-zero: passes_required 0 only on smoke_ profiles", () => {
    const doc = example("minimal.yaml");
    doc.quick_check = { ...(doc.smoke_mapgpt_mp3d as object) };
    expect(codes(doc)).toEqual(["myloop/design-smoke-zero"]);
  });

  it("design-episode-indices and design-workers", () => {
    const doc = example("minimal.yaml");
    const smoke = doc.smoke_mapgpt_mp3d as Record<string, unknown>;
    smoke.episode_indices = [0, 35];
    expect(codes(doc)).toEqual(["myloop/design-episode-indices"]);
    smoke.episode_indices = [0, 35, 70];
    smoke.worker_count = 4;
    expect(checkExperimentDesign(doc).map((f) => [f.code, f.severity])).toEqual([
      ["myloop/design-workers", "warning"],
    ]);
  });

  it("design-baseline-passes: baseline passes = passes_required = run ids", () => {
    const doc = example("rich.yaml");
    const withBaseline = Object.values(doc).find((p) => p.baseline) as { baseline: { passes: number } };
    withBaseline.baseline.passes = 4;
    expect(codes(doc)).toEqual(["myloop/design-baseline-passes"]);
  });
});
