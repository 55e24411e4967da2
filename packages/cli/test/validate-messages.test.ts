import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./harness.js";
import { scratch, validate } from "./validate-harness.js";

const example = (p: string) => JSON.parse(readFileSync(join(repoRoot, "schemas", p), "utf8"));

/** Real examples with one mistake each: the report names that mistake, not every union branch's. */
// the first explanation per protocol compiles its whole schema set with a verbose ajv (≈ 2 s for slipway
// alone, several times that when turbo runs other packages' tests beside it)
describe("keel validate: schema errors reduced to the branch that nearly matched", {
  timeout: 30_000,
}, () => {
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
        stderr: `keel: expected one of myrmo, atif, mira, slipway, myloop, found protocol "${name}"\n`,
      });
    }
  });
});
