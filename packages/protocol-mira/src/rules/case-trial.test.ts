import { describe, expect, it } from "vitest";
import { checkRequest, checkResponse } from "./index.js";

const run = (params: object) => ({
  id: 7,
  method: "run",
  params: { eval: "e", sample: "s", target: "t", ...params },
});

describe("mira/case-trial", () => {
  it("accepts trial 2 of 5, and a single run without trial fields", () => {
    expect(checkRequest(run({ trial: 2, trials: 5 }))).toEqual({ valid: true, findings: [] });
    expect(checkRequest(run({}))).toEqual({ valid: true, findings: [] });
  });

  it("reports a trial index outside the planned trials, and a trial on a single-run case", () => {
    const findings = [
      ...checkRequest(run({ trial: 5, trials: 5 })).findings,
      ...checkRequest(run({ trial: 1 })).findings,
    ];
    expect(findings.map((f) => [f.code, f.pointer, f.message])).toMatchInlineSnapshot(`
      [
        [
          "mira/case-trial",
          "/params/trial",
          "expected a 0-based trial index below trials 5, found 5",
        ],
        [
          "mira/case-trial",
          "/params/trial",
          "expected trial 0 for a single-run case (trials 1, no #trial suffix in its key), found 1",
        ],
      ]
    `);
  });

  it("checks case results in responses", () => {
    const result = { eval: "e", sample: "s", target: "t", trial: 3, trials: 2, transcript: {} };
    expect(checkResponse({ id: 7, result }).findings.map((f) => [f.code, f.pointer])).toMatchInlineSnapshot(`
      [
        [
          "mira/case-trial",
          "/result/trial",
        ],
      ]
    `);
  });
});
