import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { Spec } from "../generated/types.gen.js";
import { checkSpec } from "./index.js";

const example = (name: string): Spec =>
  JSON.parse(
    readFileSync(new URL(`../../../../schemas/myloop/examples/spec/${name}`, import.meta.url), "utf8"),
  );
const codes = (doc: unknown) => checkSpec(doc).map((f) => f.code);

describe("spec rules", () => {
  it("accepts the spec examples; the rich one's blocked spec C starves a reasoning model (a warning)", () => {
    expect(checkSpec(example("minimal.json"))).toEqual([]);
    expect(checkSpec(example("rich.json")).map((f) => [f.code, f.severity, f.pointer])).toEqual([
      ["myloop/spec-reasoning-max-tokens", "warning", "/specs/2/risk_vectors/llm_calls/0/max_tokens"],
    ]);
  });

  it("spec-id-iter and spec-id-sequence", () => {
    const doc = example("rich.json");
    doc.specs.pop();
    (doc.specs[1] as { spec_id: string }).spec_id = "spec_iter_2_B";
    expect(codes(doc)).toEqual(["myloop/spec-id-iter"]);
    (doc.specs[1] as { spec_id: string }).spec_id = "spec_iter_3_C";
    expect(codes(doc)).toEqual(["myloop/spec-id-sequence"]);
  });

  it("spec-reasoning-aware and spec-reasoning-max-tokens", () => {
    const doc = example("rich.json");
    doc.specs.pop();
    const call = doc.specs[1]?.risk_vectors?.llm_calls[0] as { reasoning_aware: boolean; max_tokens: number };
    expect(codes(doc)).toEqual([]);
    call.max_tokens = 800;
    expect(codes(doc)).toEqual(["myloop/spec-reasoning-max-tokens"]);
    call.reasoning_aware = false;
    expect(codes(doc)).toEqual(["myloop/spec-reasoning-aware"]);
  });
});
