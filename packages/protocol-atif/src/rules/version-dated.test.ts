import { describe, expect, it } from "vitest";
import { trajectoryRules } from "./trajectory.js";

const doc = (label: string | undefined, extra: object = {}, step: object = {}) => ({
  schema_version: label,
  session_id: "run-1",
  agent: { name: "a", version: "1" },
  steps: [{ step_id: 1, source: "user", message: "go", ...step }],
  ...extra,
});

describe("fields dated by the descriptions", () => {
  it("accept 1.7 fields under 1.7 and under no label (the default)", () => {
    const step = { llm_call_count: null, is_copied_context: true, message: [{ type: "text", text: "go" }] };
    expect(trajectoryRules(doc("ATIF-v1.7", { trajectory_id: "t" }, step))).toEqual([]);
    expect(trajectoryRules(doc(undefined, { trajectory_id: "t" }, step))).toEqual([]);
  });

  it("atif/field-newer-than-version", () => {
    const step = { is_copied_context: true, message: [{ type: "text", text: "go" }] };
    expect(
      trajectoryRules(doc("ATIF-v1.4", { trajectory_id: "t" }, step)).map((f) => [
        f.code,
        f.pointer,
        f.message,
      ]),
    ).toMatchInlineSnapshot(`
        [
          [
            "atif/field-newer-than-version",
            "/trajectory_id",
            "expected only fields of ATIF-v1.4, found trajectory_id, added in ATIF-v1.7",
          ],
          [
            "atif/field-newer-than-version",
            "/steps/0/is_copied_context",
            "expected only fields of ATIF-v1.4, found is_copied_context, added in ATIF-v1.5",
          ],
          [
            "atif/field-newer-than-version",
            "/steps/0/message",
            "expected only fields of ATIF-v1.4, found message as a content-part array, added in ATIF-v1.6",
          ],
        ]
      `);
    expect(trajectoryRules(doc("ATIF-v1.6", {}, step))).toEqual([]);
  });

  it("are warnings: the v1.7 reference validator accepts these documents", () => {
    const { session_id: _, ...noSession } = doc("ATIF-v1.0", { trajectory_id: "t" });
    const found = trajectoryRules(noSession);
    expect(found.map((f) => [f.code, f.severity]).sort()).toEqual([
      ["atif/field-newer-than-version", "warning"],
      ["atif/session-id-required", "warning"],
    ]);
  });

  it("atif/session-id-required before 1.7", () => {
    const { session_id: _, ...noSession } = doc("ATIF-v1.6");
    expect(trajectoryRules(noSession).map((f) => [f.code, f.pointer, f.message])).toMatchInlineSnapshot(`
      [
        [
          "atif/session-id-required",
          "",
          "expected session_id under ATIF-v1.6 (optional only since ATIF-v1.7), found none",
        ],
      ]
    `);
    expect(trajectoryRules({ ...noSession, schema_version: "ATIF-v1.7" })).toEqual([]);
  });
});
