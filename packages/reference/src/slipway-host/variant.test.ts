import { describe, expect, it } from "vitest";
import { resolveVariant } from "./variant.js";

const submit = {
  id: "submit-outcome-file",
  base_argv: ["slipway", "protocol", "submit", "--run", "r", "--action", "a", "--root", "/w s"],
  inputs: [{ name: "outcome_file", type: "path" as const, flag: "--outcome-file", required: true }],
};

describe("resolveVariant", () => {
  it("appends each input as flag and exact value, keeping base_argv (a space in --root survives)", () => {
    expect(resolveVariant(submit, { outcome_file: "/t/o u.json" })).toEqual([
      ...submit.base_argv.slice(1),
      "--outcome-file",
      "/t/o u.json",
    ]);
  });

  it("inserts inputs before the sole `--`, leaves optional ones out, refuses a missing required one", () => {
    const resume = {
      id: "x",
      base_argv: ["slipway", "protocol", "resume", "r", "--", "tail"],
      inputs: [{ name: "budget", type: "string" as const, flag: "--budget", required: false }],
    };
    expect(resolveVariant(resume, { budget: "3" })).toEqual([
      "protocol",
      "resume",
      "r",
      "--budget",
      "3",
      "--",
      "tail",
    ]);
    expect(resolveVariant(resume, {})).toEqual(["protocol", "resume", "r", "--", "tail"]);
    expect(() => resolveVariant(submit, {})).toThrow(/needs its input outcome_file/);
  });
});
