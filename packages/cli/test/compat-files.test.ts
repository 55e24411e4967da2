import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { keel } from "./harness.js";

const dir = mkdtempSync(join(tmpdir(), "keel-compat-files-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const DRAFTS: Record<string, string | undefined> = {
  "draft-04": "http://json-schema.org/draft-04/schema#",
  "draft-06": "http://json-schema.org/draft-06/schema#",
  "draft-07": "http://json-schema.org/draft-07/schema#",
  "2019-09": "https://json-schema.org/draft/2019-09/schema",
  "2020-12": "https://json-schema.org/draft/2020-12/schema",
  none: undefined,
};

/** A pair of schema files of one draft: the newer one adds an optional `b` and makes `a` required. */
function pair(draft: string): [string, string] {
  const head = DRAFTS[draft] === undefined ? {} : { $schema: DRAFTS[draft] };
  const folder = join(dir, draft);
  mkdirSync(folder, { recursive: true });
  const older = { ...head, type: "object", properties: { a: { type: "integer", maximum: 5 } } };
  const newer = {
    ...head,
    type: "object",
    properties: { a: { type: "integer", maximum: 5 }, b: { type: "string" } },
    required: ["a"],
  };
  writeFileSync(join(folder, "old.json"), JSON.stringify(older));
  writeFileSync(join(folder, "new.json"), JSON.stringify(newer));
  return [join(folder, "old.json"), join(folder, "new.json")];
}

describe("keel compat --from a.json --to b.json (no protocol)", () => {
  it.each(Object.keys(DRAFTS))("compares two %s files: reports and exits 0 without --bump", async (draft) => {
    const [a, b] = pair(draft);
    const r = await keel(["compat", "--from", a, "--to", b, "--format", "json"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const json = JSON.parse(r.stdout);
    expect(json).toMatchObject({
      protocol: null,
      bump: null,
      verdict: "report",
      requires: "major",
      consumer: "strict",
    });
    expect(json.findings.map((f: { rule: string }) => f.rule)).toEqual([
      "property-made-required",
      "open-content-narrowed",
    ]);
    const note = expect.stringMatching(/has no \$schema: read as 2020-12$/);
    if (draft === "none") expect(json.notes).toEqual([note, note]);
    else expect(json.notes).toBeUndefined();
  });

  it("reads draft-04 boolean exclusiveMaximum as the bound it is", async () => {
    const folder = join(dir, "d4");
    mkdirSync(folder, { recursive: true });
    const n = (extra: object) => ({ $schema: DRAFTS["draft-04"], type: "number", maximum: 5, ...extra });
    writeFileSync(join(folder, "a.json"), JSON.stringify(n({ exclusiveMaximum: true })));
    writeFileSync(join(folder, "b.json"), JSON.stringify(n({})));
    const r = await keel(["compat", "--from", "a.json", "--to", "b.json", "--format", "json"], folder);
    expect(
      JSON.parse(r.stdout).findings.map((f: { rule: string; message: string }) => [f.rule, f.message]),
    ).toEqual([["maximum-increased", "upper bound changed: was exclusiveMaximum 5, now maximum 5"]]);
  });

  it("gates with --bump: exit 1 when a change needs more, 0 when it fits; --consumer is taken", async () => {
    const [a, b] = pair("draft-07");
    const minor = await keel(["compat", "--from", a, "--to", b, "--bump", "minor"]);
    expect(minor.code).toBe(1);
    expect(minor.stdout).toMatch(/^schema: .* · strict consumers · bump minor$/m);
    expect(minor.stdout).toMatch(/^breaking for a minor bump: 1 change\(s\) need a major bump/m);
    const major = await keel(["compat", "--from", a, "--to", b, "--bump", "major", "--consumer", "lenient"]);
    expect(major.code).toBe(0);
    expect(major.stdout).toMatch(/lenient consumers/);
    // adding a typed optional "b" to an open object needs a minor; waived, it needs none
    const [c, d] = pair("draft-07");
    const waived = await keel([
      "compat",
      "--from",
      c as string,
      "--to",
      d as string,
      "--undeclared-names",
      "never-sent",
      "--format",
      "json",
    ]);
    const open = JSON.parse(waived.stdout).findings.find(
      (f: { rule: string }) => f.rule === "open-content-narrowed",
    );
    expect(open).toMatchObject({ severity: "info", requires: "none" });
    expect(open.message).toMatch(/\(waived: undeclared names are never sent\)$/);
  });

  it("resolves a $ref to another file relative to the referring file", async () => {
    const folder = join(dir, "refs");
    for (const v of ["v1", "v2"]) mkdirSync(join(folder, v, "parts"), { recursive: true });
    const main = {
      $schema: DRAFTS["draft-07"],
      properties: { item: { $ref: "parts/item.json#/definitions/item" } },
    };
    writeFileSync(join(folder, "v1", "main.json"), JSON.stringify(main));
    writeFileSync(join(folder, "v2", "main.json"), JSON.stringify(main));
    const item = (t: string) => ({ definitions: { item: { type: t } } });
    writeFileSync(join(folder, "v1", "parts", "item.json"), JSON.stringify(item("string")));
    writeFileSync(join(folder, "v2", "parts", "item.json"), JSON.stringify(item("integer")));
    const r = await keel(
      ["compat", "--from", "v1/main.json", "--to", "v2/main.json", "--format", "json"],
      folder,
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).findings.map((f: { rule: string }) => f.rule)).toEqual(["type-changed"]);
  });

  it("reads --from git:<ref>:<path> from the repository it runs in", async () => {
    const repo = join(dir, "repo");
    mkdirSync(repo);
    const git = (...args: string[]) =>
      spawnSync("git", ["-c", "user.email=k@k", "-c", "user.name=k", ...args], { cwd: repo });
    git("init", "-q");
    const [a, b] = pair("2020-12");
    writeFileSync(join(repo, "s.json"), spawnSync("cat", [a]).stdout);
    git("add", "s.json");
    git("commit", "-qm", "v1");
    writeFileSync(join(repo, "s.json"), spawnSync("cat", [b]).stdout);
    const r = await keel(["compat", "--from", "git:HEAD:s.json", "--to", "s.json", "--format", "json"], repo);
    expect(r.stderr).toBe("");
    expect(JSON.parse(r.stdout)).toMatchObject({ from: "git:HEAD:s.json", to: "s.json" });
    expect(JSON.parse(r.stdout).findings.map((f: { rule: string }) => f.rule)).toEqual([
      "property-made-required",
      "open-content-narrowed",
    ]);
  });

  it("refuses an unknown $schema with a located message, exit 2", async () => {
    const file = join(dir, "odd.json");
    writeFileSync(file, JSON.stringify({ $schema: "http://example.com/mine" }));
    const r = await keel(["compat", "--from", file, "--to", file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /#\/\$schema: expected draft-04, -06, -07, 2019-09 or 2020-12, found "http:\/\/example.com\/mine"/,
    );
  });
});

describe("keel compat --format github|sarif", () => {
  it("annotates each change in the newer schema file at its line:column", async () => {
    const folder = join(dir, "annotations");
    mkdirSync(folder, { recursive: true });
    writeFileSync(
      join(folder, "old.json"),
      '{\n  "type": "object",\n  "properties": { "a": { "type": "string" } }\n}\n',
    );
    writeFileSync(
      join(folder, "new.json"),
      '{\n  "type": "object",\n  "properties": { "a": { "type": "string", "maxLength": 3 } }\n}\n',
    );
    const args = ["compat", "--from", join(folder, "old.json"), "--to", join(folder, "new.json")];
    const github = await keel([...args, "--format", "github"]);
    expect(github.code).toBe(0);
    expect(github.stdout).toMatch(
      /^::warning file=[^,]*new\.json,line=3,col=44,title=compat\/max-length-decreased::maxLength changed: was unset, now 3 \(at \/properties\/a\/maxLength\)\n$/,
    );
    const sarif = JSON.parse((await keel([...args, "--format", "sarif"])).stdout);
    const [result] = sarif.runs[0].results;
    expect(result.ruleId).toBe("compat/max-length-decreased");
    expect(result.locations[0].physicalLocation.region).toEqual({ startLine: 3, startColumn: 44 });
  });
});
