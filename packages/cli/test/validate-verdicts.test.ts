import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { KeelError } from "@keel/diagnostics";
import { afterAll, describe, expect, it } from "vitest";
import { runValidate } from "../src/commands/validate.js";
import { repoRoot } from "./harness.js";
import { findingsOf, scratch, validate } from "./validate-harness.js";

const copies: string[] = [];
afterAll(() => {
  for (const dir of copies) rmSync(dir, { recursive: true, force: true });
});

const example = (p: string) => join(repoRoot, "schemas", p);
const trajectory = () => JSON.parse(readFileSync(example("atif/examples/trajectory/minimal.json"), "utf8"));

/** `keel validate` run from `cwd` (a copy of the repository's schemas): exit code and stderr. */
async function validateIn(cwd: string, protocol: string, files: string[]) {
  const io = { out: () => {}, err: () => {}, cwd };
  try {
    return { code: await runValidate(protocol, files, { engine: "ajv", format: "pretty" }, io), message: "" };
  } catch (error) {
    if (!(error instanceof KeelError)) throw error;
    return { code: error.exitCode, message: error.message };
  }
}

describe("keel validate never gives a silently wrong verdict", () => {
  it("stops (exit 2, run `pnpm keel gen`) when a schema changed since its validators were generated", async () => {
    const copy = mkdtempSync(join(tmpdir(), "keel-validate-stale-"));
    copies.push(copy);
    cpSync(join(repoRoot, "schemas"), join(copy, "schemas"), { recursive: true });
    const doc = example("atif/examples/trajectory/minimal.json");
    expect(await validateIn(copy, "atif", [doc])).toEqual({ code: 0, message: "" });
    const schemaPath = join(copy, "schemas/atif/trajectory.schema.json");
    const schema = JSON.parse(readFileSync(schemaPath, "utf8"));
    schema.$defs.Agent.required = [...schema.$defs.Agent.required, "model_name"];
    writeFileSync(schemaPath, JSON.stringify(schema, null, 2));
    const r = await validateIn(copy, "atif", [doc]);
    expect(r.code).toBe(2);
    expect(r.message).toContain("schemas/atif/trajectory.schema.json changed since `keel gen`");
    expect(r.message).toContain("run `pnpm keel gen`");
  });

  it("reports a repeated key at the repeat: an error for a strict protocol, a warning for a lenient one", async () => {
    const myrmo = readFileSync(example("myrmo/examples/trail/minimal.json"), "utf8");
    const twice = scratch("twice.json", myrmo.replace(/^\{/, '{\n  "protocol_version": "9.9",'));
    const strict = await validate("myrmo", [twice], { format: "json" });
    expect(strict.code).toBe(1);
    expect(findingsOf(strict.stdout)).toMatchObject([
      { code: "json/duplicate-key", severity: "error", pointer: "/protocol_version", line: 3, column: 3 },
    ]);
    expect(findingsOf(strict.stdout)[0]?.message).toContain("(first at line 2, column 3)");
    const lines = scratch(
      "mira-twice.jsonl",
      '{"id": 1, "method": "list"}\n{"id": 1, "result": {"evals": []}, "id": 1}\n',
    );
    const lenient = await validate("mira", [lines], { format: "json" });
    expect(lenient.code).toBe(0);
    expect(findingsOf(lenient.stdout)).toMatchObject([
      { code: "json/duplicate-key", severity: "warning", pointer: "/id", line: 2, column: 36 },
    ]);
  });

  it("makes ATIF version-history rules warnings; --strict makes every warning an error", async () => {
    const { session_id: _, ...doc } = { ...trajectory(), schema_version: "ATIF-v1.0", trajectory_id: "t-1" };
    const file = scratch("old-label.json", JSON.stringify(doc, null, 2));
    const lenient = await validate("atif", [file], { format: "json" });
    expect(lenient.code).toBe(0);
    const codes = findingsOf(lenient.stdout).map((f) => [f.code, f.severity]);
    expect(codes).toContainEqual(["atif/field-newer-than-version", "warning"]);
    expect(codes).toContainEqual(["atif/session-id-required", "warning"]);
    const strict = await validate("atif", [file], { format: "json", strict: true });
    expect(strict.code).toBe(1);
    expect(findingsOf(strict.stdout).every((f) => f.severity === "error")).toBe(true);
  });

  it("applies one rule to an empty file and empty stdin: a finding, unless --allow-empty", async () => {
    const files = [scratch("empty.json", ""), scratch("empty.jsonl", "\n\n"), scratch("empty.yaml", "")];
    const r = await validate("atif", files, { format: "json" });
    expect(r.code).toBe(1);
    expect(findingsOf(r.stdout).map((f) => [f.code, f.line])).toEqual([
      ["validate/empty-input", 1],
      ["validate/empty-input", 1],
      ["validate/empty-input", 1],
    ]);
    const bin = join(repoRoot, "packages/cli/dist/bin.js");
    const stdin = spawnSync(process.execPath, [bin, "validate", "atif", "-"], {
      input: "",
      encoding: "utf8",
    });
    expect(stdin.status).toBe(1);
    expect(stdin.stdout).toContain(
      "-:1:1 validate/empty-input expected at least one document, found empty stdin",
    );
    const allowed = spawnSync(process.execPath, [bin, "validate", "atif", "--allow-empty", "-", ...files], {
      input: "\n",
      encoding: "utf8",
    });
    expect(allowed.status).toBe(0);
  });
});
