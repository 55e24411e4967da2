import { readFileSync, rmSync, writeFileSync } from "node:fs";
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

/** `keel gen --check` with a line added by hand to the generated file at `path`, which is restored after. */
async function handEdited(path: string): Promise<{ code: number; text: string }> {
  const file = join(copy, path);
  const original = readFileSync(file, "utf8");
  writeFileSync(file, `${original}// edited by hand\n`);
  try {
    return await check();
  } finally {
    writeFileSync(file, original);
  }
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

  it("skips an unchanged protocol (its stamp), yet still reports a hand edit of a generated file", async () => {
    expect((await check()).code).toBe(0);
    const again = await check();
    expect([again.code, again.text]).toEqual([
      0,
      expect.stringContaining("1 of 1 protocols and the registry's validator unchanged"),
    ]);
    const edited = await handEdited("packages/protocol-myrmo/src/generated/constants.gen.ts");
    expect(edited.code).toBe(1);
    expect(edited.text).toContain("changed  packages/protocol-myrmo/src/generated/constants.gen.ts");
  });

  it("generates again after the lockfile changes (a new ajv or quicktype may print other code)", async () => {
    expect((await check()).code).toBe(0); // stamps myrmo
    const lockfile = join(copy, "pnpm-lock.yaml");
    writeFileSync(lockfile, "lockfileVersion: '9.0'\n");
    const after = await check();
    expect([after.code, after.text]).toEqual([0, expect.not.stringContaining("unchanged")]);
    rmSync(lockfile);
  });

  it("reports a stale file that generation no longer produces", async () => {
    const old = join(copy, "packages/protocol-myrmo/src/generated/old.gen.ts");
    writeFileSync(old, "export {};\n");
    const { code, text } = await check();
    expect(code).toBe(1);
    expect(text).toContain("stale    packages/protocol-myrmo/src/generated/old.gen.ts");
    rmSync(old);
  });

  it("--timings: each stage of the protocol it generated, and no table row for one it skipped", async () => {
    let text = "";
    const options = { check: true, cache: false, timings: true };
    expect(await runGen(copy, ["myrmo"], options, (t) => (text += t))).toBe(0);
    expect(text).toMatch(/loading the generators {2}\d+\.\d\d\n/);
    expect(text).toMatch(/protocol +schemas +typescript +fixtures +requirements +other languages +total/);
    expect(text).toMatch(/\n {2}myrmo( +\d+\.\d\d){6}\n {2}all( +\d+\.\d\d){6}\n$/);
    expect((await check()).code).toBe(0); // stamps myrmo
    let skipped = "";
    expect(await runGen(copy, ["myrmo"], { check: true, timings: true }, (t) => (skipped += t))).toBe(0);
    expect(skipped).toContain("1 of 1 protocols and the registry's validator unchanged");
    expect(skipped).toContain("keel gen timings: no protocol generated");
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

  it("reports a hand edit of the registry's validator though its stamp was recorded", async () => {
    expect((await check()).code).toBe(0); // stamps it
    const edited = await handEdited("packages/schema-model/src/generated/registry.gen.ts");
    expect(edited.code).toBe(1);
    expect(edited.text).toContain("changed  packages/schema-model/src/generated/registry.gen.ts");
  });
});
