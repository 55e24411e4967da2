import { describe, expect, it } from "vitest";
import { diagnosticsCodes } from "./codes.js";
import type { FileFinding } from "./finding.js";
import { githubAnnotations, sarifLog } from "./report-formats.js";

const findings: FileFinding[] = [
  {
    file: "runs/a b.json",
    code: "schema/type",
    severity: "error",
    message: "expected /id to be of type integer, found null\nsecond: 100%",
    pointer: "/id",
    line: 3,
    column: 7,
  },
  { file: "-", code: "json/bom", severity: "warning", message: "a bom", pointer: "" },
  { file: "x,y.json", code: "lint/note", severity: "info", message: "fyi", pointer: "", line: 1 },
];

describe("report formats", () => {
  it("github: one workflow command per finding, escaped as the runner expects", () => {
    expect(githubAnnotations(findings)).toBe(
      [
        "::error file=runs/a b.json,line=3,col=7,title=schema/type::expected /id to be of type integer, found null%0Asecond: 100%25 (at /id)",
        "::warning file=-,title=json/bom::a bom",
        "::notice file=x%2Cy.json,line=1,title=lint/note::fyi",
        "",
      ].join("\n"),
    );
  });

  it("sarif: a 2.1.0 log with a rule per code and a located result per finding", () => {
    const log = JSON.parse(sarifLog({ name: "keel", version: "0.1.0" }, findings));
    expect(log.version).toBe("2.1.0");
    const run = log.runs[0];
    expect(run.tool.driver.rules.map((r: { id: string }) => r.id)).toEqual([
      "json/bom",
      "lint/note",
      "schema/type",
    ]);
    expect(run.results[0]).toEqual({
      ruleId: "schema/type",
      ruleIndex: 2,
      level: "error",
      message: { text: "expected /id to be of type integer, found null\nsecond: 100%" },
      locations: [
        {
          physicalLocation: {
            artifactLocation: { uri: "runs/a%20b.json" },
            region: { startLine: 3, startColumn: 7 },
          },
          logicalLocations: [{ fullyQualifiedName: "/id", kind: "member" }],
        },
      ],
    });
    expect(run.results[1].locations[0].physicalLocation).toEqual({ artifactLocation: { uri: "-" } });
    expect(run.results[2].level).toBe("note");
  });

  it("sarif: a rule carries the code's description when one is given", () => {
    const byCode = new Map(diagnosticsCodes.map((d) => [d.code, d]));
    const rules = JSON.parse(sarifLog({ name: "keel", version: "0.1.0" }, findings, (c) => byCode.get(c)))
      .runs[0].tool.driver.rules;
    expect(rules[2]).toMatchObject({
      id: "schema/type",
      shortDescription: { text: expect.stringMatching(/JSON Schema `type` keyword/) },
      help: { text: expect.stringMatching(/keel explain schema\/type$/) },
    });
    expect(rules[1]).toEqual({ id: "lint/note" });
  });
});
