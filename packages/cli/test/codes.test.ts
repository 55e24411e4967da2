import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { validatorRequirements } from "@keel/conformance-runner/suites/validator";
import { loadRegistry } from "@keel/schema-model";
import { describe, expect, it } from "vitest";
import { codeIndex, explainText } from "../src/explain/index.js";
import { allCodes } from "../src/explain/sources.js";
import { repoRoot } from "./harness.js";

/**
 * Emitted codes are found by scanning the packages' sources (not by running fixtures): every literal
 * `"<namespace>/<kebab>"` of a finding namespace, and myloop's `issue("rule")` / `add("rule")` /
 * `check("rule")` (which report `myloop/<rule>`). compat's codes and the suites' checks are their owners' lists.
 */
const NAMESPACES = ["schema", "json", "yaml", "validate", "io", "registry", "downgrade", "gen", "new"];
const PROTOCOLS = Object.keys(loadRegistry(repoRoot).protocols);
const LITERAL = new RegExp(
  `"((?:${[...NAMESPACES, ...PROTOCOLS].join("|")})/[a-z0-9]+(?:-[a-z0-9]+)*)"`,
  "g",
);
const MYLOOP_RULE = /\b(?:issue\(\s*"([a-z0-9-]+)"|(?:add|check)\(\s*"([a-z0-9]+-[a-z0-9-]+)")/g;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((f) => f.isFile() && f.name.endsWith(".ts") && !/\.(test|gen)\.ts$/.test(f.name))
    .map((f) => join(f.parentPath, f.name));
}

function emittedCodes(): Map<string, string> {
  const codes = new Map<string, string>();
  const packages = join(repoRoot, "packages");
  // the suites' checks are CodeDescriptions themselves; their files spell requirement ids, not findings
  for (const pkg of readdirSync(packages).filter((p) => p !== "conformance-runner")) {
    for (const file of sources(join(packages, pkg, "src"))) {
      // requirement ids are spelled like codes: the id lists (`requirements: […]`, a myloop row's last cell) are not codes
      const text = readFileSync(file, "utf8")
        .replace(/requirements: \[[^\]]*\]/g, "")
        .replace(/,\s*\[(?:\s*"[a-z]+\/[a-z0-9-]+",?)+\s*\]/g, "");
      const where = file.slice(repoRoot.length + 1);
      for (const m of text.matchAll(LITERAL)) codes.set(m[1] as string, where);
      if (pkg === "protocol-myloop")
        for (const m of text.matchAll(MYLOOP_RULE)) codes.set(`myloop/${m[1] ?? m[2]}`, where);
    }
  }
  return codes;
}

/** A path-like word under one of keel's top-level folders (a run directory's `tools/x.py` is no such path). */
const PATH_LIKE = /(?<![\w/.:-])(?:packages|schemas|conformance|tools|docs|\.ci)\/[^\s)\]"'`,;]*/g;
/** A path into keel's repository, which an installed keel's user does not have. */
const isRepositoryPath = (p: string) =>
  /^(packages|schemas|conformance)\//.test(p) || existsSync(join(repoRoot, p.replace(/[.:]$/, "")));

describe("finding codes", () => {
  it("are described once: no code is exported by two lists", async () => {
    const counts = new Map<string, number>();
    for (const e of await allCodes(repoRoot)) counts.set(e.code, (counts.get(e.code) ?? 0) + 1);
    expect([...counts].filter(([, n]) => n > 1)).toEqual([]);
  });

  it("are all described: every code a package's source emits has a description", async () => {
    const known = new Set((await allCodes(repoRoot)).map((e) => e.code));
    const missing = [...emittedCodes()].filter(([code]) => !known.has(code)).map(([c, f]) => `${c} (${f})`);
    expect(missing.sort()).toEqual([]);
  });

  it("each say what they mean, in namespaced kebab-case", async () => {
    for (const e of await allCodes(repoRoot)) {
      expect(e.code).toMatch(/^[a-z][a-z0-9-]*\/[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(e.meaning.trim(), e.code).not.toBe("");
    }
  });

  it("cite requirement ids their protocol's catalogue has; every protocol rule cites one", async () => {
    // the validator suite spans protocols: its own catalogue lives beside it (suites/validator/requirements.ts)
    const catalogued = new Set<string>(["keel-reading", ...validatorRequirements.map((r) => r.id)]);
    for (const protocol of PROTOCOLS) {
      const file = join(repoRoot, "schemas", protocol, "requirements.json");
      if (!existsSync(file)) continue;
      for (const r of JSON.parse(readFileSync(file, "utf8")).requirements) catalogued.add(r.id);
    }
    const entries = await allCodes(repoRoot);
    const dangling = entries.flatMap((e) =>
      e.requirements.filter((id) => !catalogued.has(id)).map((id) => `${e.code}: ${id}`),
    );
    expect(dangling).toEqual([]);
    const uncited = entries
      .filter((e) => e.family.endsWith(" rules") && e.requirements.length === 0)
      .map((e) => e.code);
    // myloop's catalogue covers 23 of its statements; the rules without one wait for theirs (never more of them)
    expect(uncited.filter((c) => !c.startsWith("myloop/"))).toEqual([]);
    expect(uncited.length).toBeLessThanOrEqual(88);
  });

  it("explained, cite what an installed keel's user has: no repository path, no machine path", async () => {
    const leaks: string[] = [];
    for (const e of await codeIndex(repoRoot)) {
      const text = explainText(e);
      for (const [p] of text.matchAll(PATH_LIKE)) if (isRepositoryPath(p)) leaks.push(`${e.code}: ${p}`);
      if (text.includes(`${repoRoot}/`)) leaks.push(`${e.code}: ${repoRoot}`);
    }
    expect(leaks).toEqual([]);
  });
});
