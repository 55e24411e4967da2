import { checkTrajectory } from "@keel/atif";
import { describe, expect, it } from "vitest";
import { findEval } from "./catalogue.js";
import { simulate } from "./sim.js";
import { trajectory } from "./trajectory.js";

describe("sim trajectory", () => {
  for (const name of ["greet", "arith"]) {
    it(`is valid ATIF (schema and semantic rules) for ${name}, and agrees with the flat fields`, () => {
      const e = findEval(name);
      if (!e) throw new Error(`no eval ${name}`);
      const c = { eval: e, sample: e.samples[0] as (typeof e.samples)[0], target: "sim", params: {} };
      const t = simulate(c);
      const doc = trajectory(c, t) as { steps: { source: string; message: string }[] };
      expect(checkTrajectory(doc).findings).toEqual([]);
      const agent = doc.steps.filter((s) => s.source === "agent");
      expect(agent.at(-1)?.message).toBe(t.final_response);
      expect(agent.length).toBe(t.iterations);
    });
  }
});
