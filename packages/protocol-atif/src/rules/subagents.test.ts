import { describe, expect, it } from "vitest";
import { trajectoryRules } from "./trajectory.js";

const agent = { name: "a", version: "1" };
const sub = (id?: string) => ({
  trajectory_id: id,
  agent,
  steps: [{ step_id: 1, source: "user", message: "go" }],
});
const doc = (refs: unknown[], subs: unknown[]) => ({
  agent,
  steps: [
    { step_id: 1, source: "user", message: "go" },
    {
      step_id: 2,
      source: "agent",
      message: "",
      observation: { results: [{ subagent_trajectory_ref: refs }] },
    },
  ],
  subagent_trajectories: subs,
});

describe("subagent rules", () => {
  it("accept refs by embedded id and by path", () => {
    expect(
      trajectoryRules(doc([{ trajectory_id: "s1" }, { trajectory_path: "s2.json" }], [sub("s1")])),
    ).toEqual([]);
  });

  it("atif/subagent-ref-key: session_id alone does not resolve", () => {
    expect(
      trajectoryRules(doc([{ session_id: "run-1" }], [])).map((f) => [f.code, f.pointer, f.message]),
    ).toMatchInlineSnapshot(`
        [
          [
            "atif/subagent-ref-key",
            "/steps/1/observation/results/0/subagent_trajectory_ref/0",
            "expected a subagent ref to set trajectory_id or trajectory_path, found neither",
          ],
        ]
      `);
  });

  it("atif/subagent-ref-unresolved", () => {
    expect(
      trajectoryRules(doc([{ trajectory_id: "s9" }], [sub("s1")])).map((f) => [f.code, f.pointer, f.message]),
    ).toMatchInlineSnapshot(`
        [
          [
            "atif/subagent-ref-unresolved",
            "/steps/1/observation/results/0/subagent_trajectory_ref/0/trajectory_id",
            "expected trajectory_id to match an embedded subagent trajectory (s1), found "s9"",
          ],
        ]
      `);
  });

  it("atif/embedded-trajectory-id-missing and -duplicate", () => {
    expect(
      trajectoryRules(doc([], [sub("s1"), sub("s1"), sub()])).map((f) => [f.code, f.pointer, f.message]),
    ).toMatchInlineSnapshot(`
        [
          [
            "atif/embedded-trajectory-id-duplicate",
            "/subagent_trajectories/1/trajectory_id",
            "expected unique trajectory_id values in subagent_trajectories, found "s1" again",
          ],
          [
            "atif/embedded-trajectory-id-missing",
            "/subagent_trajectories/2",
            "expected an embedded subagent trajectory to set trajectory_id, found none",
          ],
        ]
      `);
  });

  it("checks step ids inside embedded subagents, with their pointers", () => {
    const broken = { ...sub("s1"), steps: [{ step_id: 2, source: "user", message: "go" }] };
    expect(trajectoryRules(doc([], [broken])).map((f) => [f.code, f.pointer])).toMatchInlineSnapshot(`
      [
        [
          "atif/step-id-sequence",
          "/subagent_trajectories/0/steps/0/step_id",
        ],
      ]
    `);
  });

  it("prefixes pointers for an embedded location", () => {
    expect(
      trajectoryRules(doc([{ trajectory_id: "s9" }], []), "/result/transcript/trajectory")[0]?.pointer,
    ).toBe(
      "/result/transcript/trajectory/steps/1/observation/results/0/subagent_trajectory_ref/0/trajectory_id",
    );
  });
});
