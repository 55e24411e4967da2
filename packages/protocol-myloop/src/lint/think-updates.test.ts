import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { editJson, lintCopy } from "../../test/run-copy.js";

const RECORD = "iteration/iter_1/record.json";
const withUpdate = (update: object, before?: (dir: string) => void) => (dir: string) => {
  before?.(dir);
  editJson(dir, RECORD, (r) => r.think.file_updates.push(update));
};

describe("record-think-updates", () => {
  it("accepts THINK writes that the working memory shows", () => {
    expect(lintCopy("record-think-updates")).toEqual([]);
    const knowledge = {
      file: "knowledge",
      op: "append",
      section: "Graph: mapgpt_mp3d",
      bullet:
        "Telling the planner its estimated distance to the goal before STOP cuts premature stops on the failure subset (added: iter_1)",
    };
    expect(lintCopy("record-think-updates", withUpdate(knowledge))).toEqual([]);
    const tool = (dir: string) => {
      mkdirSync(join(dir, "tools"));
      writeFileSync(join(dir, "tools/failing_eps.py"), '"""Failing episodes of a run."""\n');
    };
    expect(
      lintCopy("record-think-updates", withUpdate({ file: "tools/failing_eps.py", op: "create" }, tool)),
    ).toEqual([]);
    expect(
      lintCopy("record-think-updates", withUpdate({ file: "hypotheses", op: "append", hyp_id: "hyp_2" })),
    ).toEqual([]);
    // a tool named without its extension, and a knowledge write naming no bullet (not checked)
    expect(
      lintCopy("record-think-updates", withUpdate({ file: "tools", name: "failing_eps" }, tool)),
    ).toEqual([]);
    const entries = { file: "knowledge.md", op: "append", entries: ["a fact"] };
    expect(lintCopy("record-think-updates", withUpdate(entries))).toEqual([]);
  });

  it("reports a knowledge bullet, profile, hypothesis or tool that is not there", () => {
    const knowledge = {
      file: "knowledge",
      op: "append",
      section: "Dataset / env",
      bullet: "MapGPT72 is small (added: iter_1)",
    };
    expect(lintCopy("record-think-updates", withUpdate(knowledge))).toMatchInlineSnapshot(`
      [
        {
          "code": "myloop/record-think-updates",
          "file": "iteration/iter_1/record.json",
          "message": "expected the bullet "MapGPT72 is small (added: iter_1)" under "## Dataset / env" of knowledge.md, found it missing",
          "pointer": "/think/file_updates/2/bullet",
          "severity": "error",
        },
      ]
    `);
    const profile = { file: "experiment_design", op: "append", profile: "long_instr_iter1" };
    expect(lintCopy("record-think-updates", withUpdate(profile))).toMatchInlineSnapshot(`
      [
        {
          "code": "myloop/record-think-updates",
          "file": "iteration/iter_1/record.json",
          "message": "expected appended profile long_instr_iter1 in experiment_design.yaml, found no such profile",
          "pointer": "/think/file_updates/2",
          "severity": "error",
        },
      ]
    `);
    const hyp = { file: "hypotheses.jsonl", op: "append", hyp_id: "hyp_7" };
    expect(lintCopy("record-think-updates", withUpdate(hyp)).map((f) => f.message)).toMatchInlineSnapshot(`
      [
        "expected appended hyp_7 in hypotheses.jsonl or resolved in experience.jsonl, found neither",
      ]
    `);
    const tool = { file: "tools", op: "create", path: "by_instr_len.py" };
    expect(lintCopy("record-think-updates", withUpdate(tool)).map((f) => f.message)).toMatchInlineSnapshot(`
      [
        "expected added tool tools/by_instr_len.py in the run directory, found no such file",
      ]
    `);
  });
});
