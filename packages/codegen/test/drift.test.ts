import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runGen } from "../src/index.js";
import { myrmoGenCopy } from "./gen-copy.js";

let copy: string;

beforeAll(() => {
  copy = myrmoGenCopy("keel-drift-");
});

async function check(): Promise<{ code: number; text: string }> {
  let text = "";
  const code = await runGen(copy, ["myrmo"], { check: true }, (t) => {
    text += t;
  });
  return { code, text };
}

// each case runs generation for myrmo one to three times: seconds on a loaded machine, so no 5 s default
describe("keel gen --check", () => {
  it("passes on the committed output", async () => {
    const { code, text } = await check();
    expect(text).toMatch(/up to date/);
    expect(code).toBe(0);
  });

  it("fails, naming the files, after a schema edit without regeneration, and passes again after gen", async () => {
    const file = join(copy, "schemas/myrmo/trail.v1.schema.json");
    const schema = JSON.parse(readFileSync(file, "utf8"));
    schema.definitions.effort.properties.failed_attempts.maximum = 999;
    writeFileSync(file, `${JSON.stringify(schema, null, 2)}\n`);

    const drifted = await check();
    expect(drifted.code).toBe(1);
    expect(drifted.text).toContain("changed  packages/protocol-myrmo/src/generated/zod.gen.ts");
    expect(drifted.text).toContain("changed  packages/protocol-myrmo/src/generated/ajv.gen.ts");
    expect(drifted.text).toContain("changed  conformance/myrmo/fixtures/manifest.json");

    expect(await runGen(copy, ["myrmo"], {}, () => {})).toBe(0);
    expect((await check()).code).toBe(0);
  });

  it("reports a stale file that generation no longer produces", async () => {
    writeFileSync(join(copy, "packages/protocol-myrmo/src/generated/old.gen.ts"), "export {};\n");
    const { code, text } = await check();
    expect(code).toBe(1);
    expect(text).toContain("stale    packages/protocol-myrmo/src/generated/old.gen.ts");
  });

  it("regenerates the registry's validator when the registry schema changes", async () => {
    const file = join(copy, "schemas/registry.schema.json");
    const original = readFileSync(file, "utf8");
    writeFileSync(file, original.replace('"title"', '"description": "edited", "title"'));
    const drifted = await check();
    expect(drifted.code).toBe(1);
    expect(drifted.text).toContain("changed  packages/schema-model/src/generated/registry.gen.ts");
    writeFileSync(file, original);
  });
});
