import { spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { repoRoot } from "./harness.js";

const cli = join(repoRoot, "packages/cli/dist/bin.js");
const codegen = join(repoRoot, "packages/codegen/dist/bin.js");
let root: string;
let where: string;

/** A copy of schemas/ whose Myrmo trail schema has a stray comma, as a hand edit leaves it. */
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "keel-malformed-"));
  cpSync(join(repoRoot, "schemas"), join(root, "schemas"), { recursive: true });
  const file = join(root, "schemas/myrmo/trail.v1.schema.json");
  const text = readFileSync(file, "utf8");
  const at = text.indexOf('"maxLength": 16,') + '"maxLength": 16,'.length;
  writeFileSync(file, `${text.slice(0, at)},${text.slice(at)}`);
  const before = text.slice(0, at).split("\n");
  where = `schemas/myrmo/trail.v1.schema.json:${before.length}:${(before.at(-1)?.length ?? 0) + 1}`;
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

function run(bin: string, args: string[]) {
  return spawnSync(process.execPath, [bin, ...args], {
    cwd: root,
    env: { ...process.env, KEEL_ROOT: root },
    encoding: "utf8",
    timeout: 60_000,
  });
}

// exit 1 is CI's "drift" or "breaking": a schema keel cannot read must be exit 2, located, and no stack trace
describe("a malformed schema is a usage error (exit 2) with file:line:col, never a stack trace", () => {
  it.each([
    ["keel gen (every protocol, in worker threads)", codegen, []],
    ["keel gen --check", codegen, ["--check"]],
    ["keel gen myrmo --check", codegen, ["myrmo", "--check"]],
    ["the CLI's keel gen --check", cli, ["gen", "--check"]],
    ["keel compat", cli, ["compat"]],
    [
      "keel compat myrmo --from working --to 1.0",
      cli,
      ["compat", "myrmo", "--from", "working", "--to", "1.0"],
    ],
    ["keel bump", cli, ["bump", "myrmo", "minor", "--no-gen", "--format", "json"]],
    ["keel examples", cli, ["examples"]],
  ])(
    "%s",
    (_name, bin, args) => {
      const r = run(bin, args as string[]);
      expect(r.stderr).toContain(`${where}: invalid JSON`);
      expect(r.stderr).not.toMatch(/\n\s+at |internal error/);
      expect(r.stdout).toBe("");
      expect(r.status).toBe(2);
    },
    60_000,
  );
});

// valid JSON its metaschema refuses (`"maxLength": "16"`): located at the keyword, not by ajv's data path
describe("a schema its metaschema refuses is exit 2 at the keyword's file:line:col", () => {
  let metaRoot: string;
  let at: string;
  beforeAll(() => {
    metaRoot = mkdtempSync(join(tmpdir(), "keel-metaschema-"));
    cpSync(join(repoRoot, "schemas"), join(metaRoot, "schemas"), { recursive: true });
    const file = join(metaRoot, "schemas/myrmo/trail.v1.schema.json");
    const text = readFileSync(file, "utf8");
    const index = text.indexOf('"maxLength": 16,');
    writeFileSync(file, text.replace('"maxLength": 16,', '"maxLength": "16",'));
    const before = text.slice(0, index).split("\n");
    at = `schemas/myrmo/trail.v1.schema.json:${before.length}:${(before.at(-1)?.length ?? 0) + 1}`;
  });
  afterAll(() => rmSync(metaRoot, { recursive: true, force: true }));

  it.each([
    ["keel examples", cli, ["examples"]],
    ["the CLI's keel gen --check", cli, ["gen", "--check"]],
    ["keel gen myrmo --check", codegen, ["myrmo", "--check"]],
  ])(
    "%s",
    (_name, bin, args) => {
      const r = spawnSync(process.execPath, [bin, ...(args as string[])], {
        cwd: metaRoot,
        env: { ...process.env, KEEL_ROOT: metaRoot },
        encoding: "utf8",
        timeout: 60_000,
      });
      expect(r.stderr).toContain(
        `${at}: invalid schema (the draft-07 metaschema): expected /definitions/protocol_version/maxLength to be of type integer, found string`,
      );
      expect(r.stdout).toBe("");
      expect(r.status).toBe(2);
    },
    60_000,
  );
});
