import { readFileSync } from "node:fs";
import { join } from "node:path";
import { loadRegistry } from "@keel/schema-model";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./harness.js";
import { scratch, validate } from "./validate-harness.js";

const example = (p: string) => JSON.parse(readFileSync(join(repoRoot, "schemas", p), "utf8"));

/** Real examples with one mistake each: the report names that mistake, not every union branch's. */
// the first explanation per protocol compiles its whole schema set with a verbose ajv (≈ 2 s for slipway
// alone, several times that when turbo runs other packages' tests beside it)
describe("keel validate: schema errors reduced to the branch that nearly matched", () => {
  it("atif: a misspelt content-part key inside message's anyOf (string | parts)", async () => {
    const doc = example("atif/examples/trajectory/rich.json");
    doc.steps[1].message = [{ type: "text", txt: "hello" }];
    const r = await validate("atif", [scratch("typo.json", JSON.stringify(doc, null, 2))]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatchInlineSnapshot(`
      "FAIL <dir>/typo.json: 1 document, 1 invalid
        <dir>/typo.json:138:11 schema/additional-properties expected no property "txt" in /steps/1/message/0 (the object is closed), found one (at /steps/1/message/0/txt)
          |           "txt": "hello"
          |           ^
      "
    `);
  });

  it("slipway: a misspelt pause reason inside the outcome's oneOf of action kinds", async () => {
    const doc = example("slipway/examples/outcome/clarify-needs-decision.json");
    doc.pause.reason = "decision_requird";
    const r = await validate("slipway", [scratch("outcome.json", JSON.stringify(doc, null, 2))], {
      type: "outcome",
    });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatchInlineSnapshot(`
      "FAIL <dir>/outcome.json: 1 document, 1 invalid
        <dir>/outcome.json:11:5 schema/enum expected /pause/reason to be one of "decision_required", "destructive_confirmation_required", "environment_unavailable", found "decision_requird" (at /pause/reason)
          |     "reason": "decision_requird",
          |     ^
      "
    `);
  });

  it("mira: a log notification without its message, no `if` noise", async () => {
    const r = await validate("mira", [
      scratch("log.jsonl", '{"method": "log", "params": {"level": "info"}}\n'),
    ]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatchInlineSnapshot(`
      "FAIL <dir>/log.jsonl: 1 document, 1 invalid
        <dir>/log.jsonl:1:19 schema/required expected required property "message" in /params, found it missing (at /params/message)
          | {"method": "log", "params": {"level": "info"}}
          |                   ^
      "
    `);
  });

  it("treats a protocol named like an object built-in as unknown (exit 2), not as a crash", async () => {
    for (const name of ["constructor", "__proto__", "toString"]) {
      const r = await validate(name, [scratch("x.json", "{}")]);
      expect({ code: r.code, stderr: r.stderr }).toEqual({
        code: 2,
        stderr: `keel: expected one of ${Object.keys(loadRegistry(repoRoot).protocols).join(", ")}, found protocol "${name}"\n`,
      });
    }
  });
});

describe("keel validate: messages say what is in the file, in the user's terms", () => {
  it("places a raw NUL inside a string where it is, and prints it escaped", async () => {
    const r = await validate("atif", [scratch("nul.json", '{"a":\n"x\u0000y"}')]);
    expect(r.stdout).toContain(
      "nul.json:2:3 json/syntax invalid JSON: expected control characters in a string to be escaped (\\u0000), found a raw U+0000",
    );
    expect(r.stdout).toContain('    | "x\\u0000y"}\n    |   ^');
    expect(r.stdout).not.toContain("\u0000");
  });

  it("names characters, not parser token types, and never the parser's API", async () => {
    const brace = await validate("atif", [scratch("brace.json", '{"a": {{}}')]);
    expect(brace.stdout).toContain('brace.json:1:8 json/syntax invalid JSON: unexpected "{" here');
    const yaml = await validate("atif", [scratch("two.yaml", "a: 1\n---\nb: 2\n")]);
    expect(yaml.stdout).toContain(
      "two.yaml:2:1 yaml/syntax invalid YAML: expected one YAML document, found another after a `---` separator",
    );
    expect(yaml.stdout).not.toContain("parseAllDocuments");
  });

  it("says 1e400 is out of range instead of calling it null", async () => {
    const doc = example("atif/examples/trajectory/minimal.json");
    const text = JSON.stringify(doc, null, 2).replace(/"step_id": 1\b/, '"step_id": 1e400');
    const r = await validate("atif", [scratch("huge.json", text)]);
    expect(r.stdout).toContain("found a number too large to represent (read as Infinity)");
  });

  it("escapes control characters quoted from a value (DEL, C1) in the message", async () => {
    const doc = example("atif/examples/trajectory/minimal.json");
    doc.steps[0].source = "us\u007fer\u0085";
    const r = await validate("atif", [scratch("del.json", JSON.stringify(doc, null, 2))]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('found "us\\u007fer\\u0085"');
    expect(r.stdout).not.toMatch(/[\u007f-\u009f]/);
  });

  it("--type message explains a Mira line by the branch its own fields choose, never as a false schema", async () => {
    const file = scratch(
      "mira-message.jsonl",
      '{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"parse error"}}\n',
    );
    const r = await validate("mira", [file], { type: "message", format: "json" });
    expect(r.code).toBe(1);
    const findings = (JSON.parse(r.stdout) as { files: { findings: { code: string; message: string }[] }[] })
      .files[0]?.findings;
    expect(findings?.map((f) => f.code)).toEqual(["schema/type"]);
    expect(findings?.[0]?.message).toBe("expected /id to be of type integer, found null");
    expect(r.stdout).not.toContain("false schema");
  });
});
