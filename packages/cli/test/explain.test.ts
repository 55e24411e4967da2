import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { loadRegistry } from "@keel/schema-model";
import { describe, expect, it } from "vitest";
import { codeIndex } from "../src/explain/index.js";
import { main } from "../src/main.js";
import { repoRoot } from "./harness.js";

async function run(args: string[]) {
  let stdout = "";
  let stderr = "";
  const code = await main(args, {
    out: (t) => {
      stdout += t;
    },
    err: (t) => {
      stderr += t;
    },
    cwd: repoRoot,
  });
  return { code, stdout, stderr };
}

/** The namespaces of finding codes (usage errors such as compat/bad-bump or conform/no-suite are not findings). */
const NAMESPACES = ["schema", "json", "yaml", "validate", "io", "registry", "downgrade"];
// every registry protocol's rules are findings too (the registry is the only list of protocols)
const FINDINGS = new RegExp(
  `"((?:${[...NAMESPACES, ...Object.keys(loadRegistry(repoRoot).protocols)].join("|")})/[a-z0-9]+(?:-[a-z0-9]+)*)"`,
  "g",
);
/** myloop's rules: `issue("rule-id", …)` becomes `myloop/rule-id`. */
const MYLOOP_ISSUE = /\bissue\(\s*"([a-z0-9-]+)"/g;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((f) => f.isFile() && f.name.endsWith(".ts") && !/\.(test|gen)\.ts$/.test(f.name))
    .map((f) => join(f.parentPath, f.name));
}

/** Every finding code written literally in a package's source. */
function emittedCodes(): Set<string> {
  const codes = new Set<string>();
  const packages = join(repoRoot, "packages");
  // conformance-runner spells check names and requirement ids (schemas/<p>/requirements.json), not findings
  for (const pkg of readdirSync(packages).filter((p) => p !== "conformance-runner")) {
    for (const file of sources(join(packages, pkg, "src"))) {
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(FINDINGS)) codes.add(m[1] as string);
      for (const m of text.matchAll(MYLOOP_ISSUE)) codes.add(`myloop/${m[1]}`);
    }
  }
  return codes;
}

describe("keel explain", () => {
  it("prints a code's meaning, source clause and example, exit 0", async () => {
    const { code, stdout } = await run(["explain", "atif/step-id-sequence"]);
    expect(code).toBe(0);
    expect(stdout).toMatch(/meaning: `step_id`s are 1, 2, 3/);
    expect(stdout).toMatch(/source: +schemas\/atif\/README\.md/);
    expect(stdout).toMatch(/example: /);
  });

  it("explains compat rules and conform checks with their citations", async () => {
    expect((await run(["explain", "compat/max-length-decreased"])).stdout).toMatch(
      /maxLength of a string is tighter/,
    );
    expect((await run(["explain", "mira/initialize-first"])).stdout).toMatch(
      /docs\/protocol\.md § Methods \/ initialize/,
    );
  });

  it("exits 2 for an unknown code, naming the nearest known codes", async () => {
    const { code, stdout, stderr } = await run(["explain", "schema/max-lenght"]);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toMatch(/found "schema\/max-lenght"; nearest: schema\/max-length,/);
  });

  it("gives every code a meaning, a source and an example", () => {
    for (const e of codeIndex(repoRoot)) {
      expect(e.meaning.trim(), e.code).not.toBe("");
      expect(e.source.trim(), e.code).not.toBe("");
      expect(e.example.trim(), e.code).not.toBe("");
    }
  });

  it("has an entry for every finding code the packages emit", () => {
    const known = new Set(codeIndex(repoRoot).map((e) => e.code));
    const missing = [...emittedCodes()].filter((c) => !known.has(c)).sort();
    expect(missing).toEqual([]);
  });

  it("docs/codes.md is the current `keel explain --all --format markdown`", async () => {
    const { code, stdout } = await run(["explain", "--all", "--format", "markdown"]);
    expect(code).toBe(0);
    const page = readFileSync(join(repoRoot, "docs", "codes.md"), "utf8");
    // run `pnpm exec keel explain --all --format markdown > docs/codes.md` when this fails
    expect(page).toBe(stdout);
  });
});
