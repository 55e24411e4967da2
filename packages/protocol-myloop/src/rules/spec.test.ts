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

  it("spec-countercheck: a spec touching a globally firing node names a counter-check", () => {
    const doc = example("rich.json");
    const a = doc.specs[0] as { expected_signal: string[] };
    const findings = () => checkSpec(doc).filter((f) => f.code === "myloop/spec-countercheck");
    expect(findings()).toEqual([]);
    a.expected_signal = a.expected_signal.filter((s) => !s.startsWith("Counter-check"));
    expect(findings()).toMatchInlineSnapshot(`
      [
        {
          "code": "myloop/spec-countercheck",
          "message": "expected an expected_signal with a counter-check on baseline-success episodes (globally firing nodes render_prompt are touched), found none",
          "pointer": "/specs/0/expected_signal",
          "severity": "info",
        },
      ]
    `);
    a.expected_signal.push("Counter-check: the (S)-bucket of baseline-success episodes keeps its successes.");
    expect(findings()).toEqual([]);
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
