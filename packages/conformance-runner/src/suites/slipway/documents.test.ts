import { describe, expect, it } from "vitest";
import { documentProblems, nextProblem, stdoutType } from "./documents.js";
import { submitArgv, variantArgv } from "./follow.js";

const RUN = "0c40ca0b-49c8-47e7-a7ea-b3188aaeffc7";
const ACTION = "de8d61bb-282a-45ee-a929-3c5cc63c1264";
const base = ["slipway", "protocol", "submit", "--run", RUN, "--action", ACTION, "--root", "/w"];
const next = {
  operation: "action",
  workspace_identity: `sha256:${"4f".repeat(32)}`,
  variants: [
    {
      id: "submit-outcome-file",
      base_argv: base,
      inputs: [{ name: "outcome_file", type: "path", flag: "--outcome-file", required: true }],
    },
    { id: "submit-outcome-stdin", base_argv: [...base, "--outcome-stdin"], inputs: [] },
    { id: "skip-action", base_argv: ["slipway", "protocol", "skip", ...base.slice(3)], inputs: [] },
  ],
};

describe("slipway documents", () => {
  it("takes each command's stdout type from the registry's facts.commands", () => {
    expect(stdoutType(["run", "--json", "--", "goal"])).toBe("protocol_state");
    expect(stdoutType(["protocol", "resume", RUN])).toBe("protocol_state");
    expect(stdoutType(["status", RUN, "--json"])).toBe("run_status");
    expect(stdoutType(["status", "--root", "/w", "--json"])).toBe("status_list");
    expect(stdoutType(["list", "--json"])).toBe("list_report");
    expect(stdoutType(["frobnicate"])).toBeUndefined();
  });

  it("gives each schema finding to the check that owns it", () => {
    const doc = { contract_version: 2, run_id: RUN, state: "active", next, extra: 1 };
    const owners = documentProblems("protocol_state", doc).map((p) => p.owner);
    expect(owners).toContain("state-consistent"); // active without its action
    expect(owners).toContain("document"); // the unknown field
    const unversioned = documentProblems("list_report", { hosts: [] }).map((p) => p.owner);
    expect(unversioned).toEqual(["contract-version"]);
  });

  it("finds argv collapsed into a string and inputs without types in a next", () => {
    expect(nextProblem(next, "slipway")).toBeUndefined();
    const collapsed = { ...next, variants: [{ ...next.variants[2], base_argv: base.join(" ") }] };
    expect(nextProblem(collapsed, "slipway")).toMatch(/skip-action.*not an argv array/);
    const untyped = { ...next, variants: [{ ...next.variants[0], inputs: [{ name: "x" }] }] };
    expect(nextProblem(untyped, "slipway")).toMatch(/input without name, type and required/);
  });

  it("follows next: the outcome-file variant with its input, the skip variant without the program", () => {
    expect(submitArgv({ next }, "/s/o.json")).toEqual([...base.slice(1), "--outcome-file", "/s/o.json"]);
    expect(variantArgv({ next }, "skip")).toEqual(["protocol", "skip", ...base.slice(3)]);
    expect(submitArgv({ next: { ...next, variants: [next.variants[1]] } }, "/s/o.json")).toBeUndefined();
  });
});
