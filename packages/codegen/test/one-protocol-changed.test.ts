import { execFile } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";
import { findRoot } from "@keel/schema-model";
import { beforeAll, describe, expect, it } from "vitest";
import { genCopy } from "./gen-copy.js";

const bin = join(findRoot(import.meta.dirname), "packages/codegen/dist/bin.js");
let copy: string;

beforeAll(() => {
  copy = genCopy("keel-one-changed-", ["myrmo", "atif"]);
});

/** The built `keel gen --check --timings myrmo atif` in the copy: two protocols, so two worker threads. */
async function check(): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [bin, "--check", "--timings", "myrmo", "atif"],
      {
        cwd: copy,
      },
    );
    return { code: 0, out: stdout };
  } catch (error) {
    const { code, stdout, stderr } = error as { code: number; stdout: string; stderr: string };
    return { code, out: stdout + stderr };
  }
}

// the maintainer's loop (issue 32): after one protocol's schema changes, only that protocol is generated
describe("keel gen --check after a one-protocol change", () => {
  it("generates the changed protocol only, and reports its drift", async () => {
    const cold = await check();
    expect(cold.code).toBe(0);
    expect(cold.out).toMatch(/\n {2}atif( +\d+\.\d\d){6}\n {2}myrmo( +\d+\.\d\d){6}\n/);

    const unchanged = await check();
    expect(unchanged.code).toBe(0);
    expect(unchanged.out).toContain(
      "2 of 2 protocols and the registry's validator unchanged since the last run",
    );
    expect(unchanged.out).toContain("keel gen timings: no protocol generated");

    const file = join(copy, "schemas/atif/trajectory.schema.json");
    const schema = JSON.parse(readFileSync(file, "utf8"));
    schema.description = `${schema.description ?? ""} (edited)`;
    writeFileSync(file, `${JSON.stringify(schema, null, 2)}\n`);
    const changed = await check();
    expect(changed.code).toBe(1);
    const drifted = changed.out.split("\n").filter((l) => /^ {2}(new|changed|stale) /.test(l));
    expect(drifted.length).toBeGreaterThan(0);
    expect(drifted.filter((l) => !l.includes("/atif/") && !l.includes("protocol-atif"))).toEqual([]);
    expect(changed.out).toMatch(/\n {2}atif( +\d+\.\d\d){6}\n {2}all/);
    expect(changed.out).not.toMatch(/\n {2}myrmo /);
    expect(changed.out).not.toContain("registry.gen.ts");
  });
});
