import { spawnSync } from "node:child_process";
import { cpSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { loadRegistry } from "@keel/schema-model";
import { describe, expect, it } from "vitest";
import { tempDir } from "../../../tools/test-kit/temp-dirs.js";

const here = dirname(fileURLToPath(import.meta.url));
const bin = join(here, "..", "dist", "bin.js");
const root = join(here, "..", "..", "..");

/** The built CLI as a real child process, the way users and CI run it. */
function keel(args: string[], env: Record<string, string> = {}) {
  const r = spawnSync(process.execPath, [bin, ...args], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, ...env },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe("keel", () => {
  it("prints its version from package.json", () => {
    const r = keel(["--version"]);
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it("lists its commands in --help", () => {
    const r = keel(["--help"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("Usage: keel");
    expect(r.stdout).toContain("examples");
  });

  it("exits 2 with a pointer to --help on an unknown command", () => {
    const r = keel(["frobnicate"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("unknown command 'frobnicate'");
    expect(r.stderr).toContain("keel --help");
  });

  it("exits 2 without a command", () => {
    expect(keel([]).code).toBe(2);
  });
});

describe("keel examples", () => {
  it("validates every example of every protocol", () => {
    const r = keel(["examples"]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    for (const p of Object.keys(loadRegistry(root).protocols))
      expect(r.stdout).toMatch(new RegExp(`^ok +${p} +\\d+ example files`, "m"));
  });

  it("reports in JSON when asked", () => {
    const r = keel(["examples", "atif", "--format", "json"]);
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout);
    expect(report.valid).toBe(true);
    expect(report.examples.length).toBeGreaterThan(0);
    expect(report.examples[0]).toMatchObject({ protocol: "atif", documentType: "trajectory", findings: [] });
  });

  it("names an unknown protocol and exits 2", () => {
    const r = keel(["examples", "acme"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^keel: expected one of .*myrmo.*, found protocol "acme"\n$/);
  });

  it("rejects an unknown --format value", () => {
    const r = keel(["examples", "--format", "xml"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("xml");
  });

  it("never prints ok for a protocol beside a registry problem in its folder", () => {
    const copy = tempDir("keel-cli-");
    try {
      cpSync(join(root, "schemas"), join(copy, "schemas"), { recursive: true });
      writeFileSync(join(copy, "schemas/atif/stray.schema.json"), "{}\n");
      const r = keel(["examples", "atif"], { KEEL_ROOT: copy });
      expect(r.code).toBe(1);
      expect(r.stdout).toMatch(/^FAIL atif .*, 1 registry problem\n {2}schemas\/atif\/stray\.schema\.json/m);
      expect(r.stdout).not.toMatch(/^ok/m);
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it("exits 1 and locates an invalid example and a malformed one", () => {
    const copy = tempDir("keel-cli-");
    cpSync(join(root, "schemas"), join(copy, "schemas"), { recursive: true });
    writeFileSync(
      join(copy, "schemas/atif/examples/trajectory/zz-bad.json"),
      '{"schema_version": "ATIF-v1.7"}\n',
    );
    const r = keel(["examples", "atif"], { KEEL_ROOT: copy });
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/^FAIL atif/m);
    expect(r.stdout).toContain(
      'schemas/atif/examples/trajectory/zz-bad.json:1 schema/required expected required property "agent"',
    );

    writeFileSync(join(copy, "schemas/atif/examples/trajectory/zz-bad.json"), '{\n  "agent": ,\n}\n');
    const broken = keel(["examples", "atif"], { KEEL_ROOT: copy });
    expect(broken.code).toBe(2);
    expect(broken.stderr).toMatch(/zz-bad\.json:2:12: invalid JSON/);
    expect(broken.stderr).not.toMatch(/\n\s+at /);
  });
});

describe("keel validate", () => {
  const dir = tempDir("keel-validate-");

  it("applies the protocol's semantic rules once the schema passes", () => {
    const trajectory = JSON.parse(
      readFileSync(join(root, "schemas/atif/examples/trajectory/minimal.json"), "utf8"),
    );
    trajectory.steps[0].step_id = 2;
    const file = join(dir, "bad-steps.json");
    writeFileSync(file, JSON.stringify(trajectory));
    const r = keel(["validate", "atif", file]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("atif/step-id-sequence");
    expect(r.stdout).toContain("(at /steps/0/step_id)");
  });

  it("passes every example of a protocol, and reports a malformed line as invalid (exit 1) with its location", () => {
    expect(
      keel(["validate", "myrmo", "--type", "trail", "schemas/myrmo/examples/trail/rich.json"]).code,
    ).toBe(0);
    const file = join(dir, "lines.jsonl");
    writeFileSync(file, '{"protocol_version": "1.0"}\n{"broken": \n');
    const r = keel(["validate", "myrmo", "--type", "outcome_report", "--format", "json", file]);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout);
    expect(report.files[0].findings.find((f: { code: string }) => f.code === "json/syntax")).toMatchObject({
      line: 2,
      column: 12,
    });
    expect(report.files[0].findings.some((f: { line: number }) => f.line === 1)).toBe(true);
  });

  it("reports a document of no single type as a finding (exit 1), and exits 2 on a missing file", () => {
    const empty = join(dir, "empty-object.json");
    writeFileSync(empty, "{}");
    const several = keel(["validate", "myrmo", empty]);
    expect(several.code).toBe(1);
    expect(several.stdout).toContain("validate/unknown-type");
    expect(several.stdout).toContain("--type");
    const missing = keel(["validate", "atif", join(dir, "nope.json")]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^keel: .*nope\.json: cannot read file/);
  });
});
