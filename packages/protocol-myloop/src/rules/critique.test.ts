import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Critique } from "../generated/types.gen.js";
import { checkCritique } from "./index.js";

const example = (name: string): Critique =>
  JSON.parse(
    readFileSync(new URL(`../../../../schemas/myloop/examples/critique/${name}`, import.meta.url), "utf8"),
  );
const codes = (doc: unknown) => checkCritique(doc).map((f) => f.code);

describe("critique rules", () => {
  it("accepts every critique example", () => {
    for (const name of ["minimal.json", "rich.json", "round_1_block.json", "round_2_downgraded.json"]) {
      expect(checkCritique(example(name))).toEqual([]);
    }
  });

  it("critique-id-format: the id spells iter, spec and round", () => {
    const doc = example("rich.json");
    doc.critique_id = "critique_iter_3_spec_iter_3_C_round_1";
    expect(codes(doc)).toEqual(["myloop/critique-id-format"]);
  });

  it("BLOCK requirements: every failure mode has references, a check and a predicted outcome", () => {
    const doc = example("rich.json");
    const mode = doc.predicted_failure_modes[0] as {
      reference_experience_ids: string[];
      specific_check: string;
    };
    mode.reference_experience_ids = [];
    expect(codes(doc)).toEqual(["schema/min-items"]);
    doc.predicted_failure_modes = [];
    expect(codes(doc)).toEqual(["schema/min-items"]);
  });

  it("placeholder verdicts are rejected by the schema's enum, free-text templates by placeholder-values", () => {
    const doc = example("minimal.json") as unknown as Record<string, unknown>;
    expect(codes({ ...doc, verdict: "OK | WARN | REVISE | BLOCK" })).toEqual(["schema/enum"]);
    expect(codes({ ...doc, recommended_action: "..." })).toEqual(["myloop/placeholder-values"]);
  });

  it("critique-validator-notes: notes say what was downgraded to what (a warning)", () => {
    const doc = example("round_2_downgraded.json");
    doc.validator_notes = ["downgraded because the reference was wrong"];
    expect(checkCritique(doc).map((f) => [f.code, f.severity])).toEqual([
      ["myloop/critique-validator-notes", "warning"],
    ]);
  });
});
