import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { repoRoot } from "./harness.js";

const dir = mkdtempSync(join(tmpdir(), "keel-validate-formats-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const good = "schemas/atif/examples/trajectory/minimal.json";
const bad = join(dir, "bad.json");
writeFileSync(bad, '{\n  "agent": {"name": "a", "version": "1"},\n  "steps": []\n}\n');

/** The built CLI as a child process, from the repository root. */
const keel = (...args: string[]) => {
  const r = spawnSync(process.execPath, [join(repoRoot, "packages/cli/dist/bin.js"), "validate", ...args], {
    cwd: repoRoot,
    encoding: "utf8",
  });
  return { code: r.status, stdout: r.stdout.replaceAll(dir, "<dir>"), stderr: r.stderr };
};

describe("keel validate: output formats for CI and for people", () => {
  it("--format github prints one Actions annotation per finding, nothing else", () => {
    const r = keel("atif", "--format", "github", good, bad);
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(
      "::error file=<dir>/bad.json,line=3,col=3,title=schema/min-items::expected /steps to satisfy minItems (must NOT have fewer than 1 items), found [] (at /steps)\n",
    );
  });

  it("--format sarif prints a SARIF 2.1.0 log with the finding located", () => {
    const r = keel("atif", "--format", "sarif", good, bad);
    expect(r.code).toBe(1);
    const log = JSON.parse(r.stdout);
    expect(log.version).toBe("2.1.0");
    expect(log.runs[0].tool.driver.name).toBe("keel");
    expect(log.runs[0].results).toMatchObject([
      {
        ruleId: "schema/min-items",
        level: "error",
        locations: [
          {
            physicalLocation: {
              artifactLocation: { uri: "<dir>/bad.json" },
              region: { startLine: 3, startColumn: 3 },
            },
          },
        ],
      },
    ]);
  });

  it("--quiet prints findings only; --verbose adds the settings and a summary", () => {
    const quiet = keel("atif", "--quiet", good, bad);
    expect(quiet.code).toBe(1);
    expect(quiet.stdout).not.toMatch(/^(ok|FAIL) /m);
    expect(quiet.stdout).toMatch(/^ {2}<dir>\/bad\.json:3:3 schema\/min-items /m);
    expect(keel("atif", "--quiet", good).stdout).toBe("");
    const verbose = keel("atif", "--verbose", good);
    expect(verbose.stdout).toContain("keel validate atif: engine ajv, type detected per document\n");
    expect(verbose.stdout).toContain("1 files, 1 documents, 0 invalid (0 errors, 0 warnings)\n");
    expect(keel("atif", "--quiet", "--verbose", good).code).toBe(2);
  });

  it("walks a directory and expands a quoted glob itself", () => {
    const dirRun = keel("atif", "schemas/atif/examples");
    const globRun = keel("atif", "schemas/atif/examples/**/*.json");
    expect(dirRun.code).toBe(0);
    expect(globRun.stdout).toBe(dirRun.stdout);
    expect(globRun.stdout).toMatch(/^ok {3}schemas\/atif\/examples\/trajectory\/minimal\.json: 1 document/m);
    const none = keel("atif", "schemas/atif/**/*.xml");
    expect(none.code).toBe(2);
    expect(none.stderr).toBe("keel: expected files matching schemas/atif/**/*.xml, found none\n");
  });
});
