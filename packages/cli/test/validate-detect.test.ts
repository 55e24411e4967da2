import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./harness.js";
import { findingsOf, scratch, validate } from "./validate-harness.js";

const example = (p: string) => join(repoRoot, "schemas", p);
const line = (p: string) => JSON.stringify(JSON.parse(readFileSync(example(p), "utf8")));

describe("keel validate: the document type is detected where the registry and schemas make it unambiguous", () => {
  it("tells a Myrmo outcome report (it has `outcome`) from a trail, document by document", async () => {
    const file = scratch(
      "myrmo.jsonl",
      `${line("myrmo/examples/trail/minimal.json")}\n${line("myrmo/examples/outcome_report/minimal.json")}\n`,
    );
    expect(await validate("myrmo", [file])).toMatchObject({ code: 0 });
    // a broken outcome report is still checked as one: its findings are about an outcome report
    const broken = scratch("broken-report.json", '{"protocol_version": "1.0", "outcome": "worked"}');
    const r = await validate("myrmo", [broken], { format: "json" });
    expect(findingsOf(r.stdout).map((f) => f.pointer)).toEqual(["/solution_id", "/agent_info"]);
  });

  it("classifies Mira lines as request, response or notification by their fields", async () => {
    const file = scratch(
      "mira.jsonl",
      [
        '{"id": 1, "method": "list"}',
        '{"id": 1, "result": {"evals": []}}',
        '{"method": "log", "params": {}}',
      ].join("\n"),
    );
    const r = await validate("mira", [file], { format: "json" });
    // each line was checked against its own type: only the log notification lacks its params' fields
    expect(r.code).toBe(1);
    expect(findingsOf(r.stdout)[0]).toMatchObject({ line: 3, column: 19, pointer: "/params/message" });
    expect(findingsOf(r.stdout).every((f) => f.line === 3)).toBe(true);
    expect((await validate("mira", [example("mira/examples/response/errors.jsonl")])).code).toBe(0);
  });

  it("shows the type each document was checked as: json and sarif always, pretty with --verbose", async () => {
    const file = scratch(
      "two.jsonl",
      `${line("myrmo/examples/trail/minimal.json")}\n${line("myrmo/examples/outcome_report/minimal.json")}\n`,
    );
    const json = JSON.parse((await validate("myrmo", [file], { format: "json" })).stdout);
    expect(json.files[0].types).toEqual({ trail: 1, outcome_report: 1 });
    const sarif = JSON.parse((await validate("myrmo", [file], { format: "sarif" })).stdout);
    expect(sarif.runs[0].properties).toEqual({
      protocol: "myrmo",
      types: { "<dir>/two.jsonl": { trail: 1, outcome_report: 1 } },
    });
    const pretty = await validate("myrmo", [example("myrmo/examples/trail/minimal.json")], { verbose: true });
    expect(pretty.stdout).toContain("1 document, 0 invalid, checked as trail\n");
    expect((await validate("myrmo", [file])).stdout).not.toContain("checked as");
  });

  it("tells a YAML document among the YAML types: myloop's open experiment design needs no warning", async () => {
    const design = example("myloop/examples/experiment_design/minimal.yaml");
    const r = await validate("myloop", [design], { verbose: true });
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("checked as experiment_design\n");
    expect(r.stdout).not.toMatch(/validate\/[a-z-]+-type/); // no open-type or ambiguous-type warning (paths may hold "validate/")
  });

  it("takes the only type of a single-type protocol", async () => {
    expect((await validate("atif", [example("atif/examples/trajectory/rich.json")])).code).toBe(0);
  });

  it("checks a document several types fit equally against each: valid as one of them is valid", async () => {
    const source = example("slipway/examples/source_envelope/amended-sub-issue.json");
    expect(await validate("slipway", [source])).toMatchObject({ code: 0, stderr: "" });
    const lines = scratch("ambiguous.jsonl", "{}\n");
    expect(findingsOf((await validate("myrmo", [lines], { format: "json" })).stdout)).toMatchObject([
      { code: "validate/unknown-type", line: 1 },
    ]);
  });

  it("makes an undetectable document a located finding naming the nearest type, and goes on", async () => {
    const action = JSON.parse(
      readFileSync(example("slipway/examples/action/issue-backed-orient.json"), "utf8"),
    );
    const bad = scratch("action-v3.json", JSON.stringify({ ...action, contract_version: 3 }, null, 2));
    const good = example("slipway/examples/action/issue-backed-orient.json");
    const r = await validate("slipway", [bad, good], { format: "json" });
    expect(r.code).toBe(1);
    const [finding, ...rest] = findingsOf(r.stdout);
    expect(rest).toEqual([]);
    expect(finding).toMatchObject({
      code: "validate/unknown-type",
      file: "<dir>/action-v3.json",
      pointer: "/contract_version",
      line: 2,
      column: 3,
    });
    expect(finding?.message).toMatch(
      /nearest is action \(contract_version is 3, action has 2\); ruled out: /,
    );
    const files = (JSON.parse(r.stdout) as { files: { file: string; invalid: number }[] }).files;
    expect(files.map((f) => f.invalid)).toEqual([1, 0]);
  });

  it("reports {}, [], 42 and null in a .json file as a finding (exit 1), as on stdin", async () => {
    for (const text of ["{}", "[]", "42", "null"]) {
      const r = await validate("myrmo", [scratch("odd.json", text)], { format: "json" });
      expect(r.code, text).toBe(1);
      expect(findingsOf(r.stdout), text).toMatchObject([
        { code: "validate/unknown-type", line: 1, column: 1 },
      ]);
    }
    const r = await validate("myrmo", [scratch("odd.json", "[]")]);
    expect(r.stdout).toContain("found an array of 0 items");
  });
});
