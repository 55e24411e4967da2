import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { suites } from "@keel/conformance-runner";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./harness.js";

/**
 * A suite declares what only it knows (`Suite` in conformance-runner/src/suites/suite.ts): its options,
 * its recording, its units, its fakes. So the CLI and the runner's shared code — everything outside
 * `suites/<name>/` — name no suite and no suite's own option. This reads those sources and fails on a
 * place that does, as file:line. Suite names are also protocol names (`@keel/mira`, "a Mira study"), so
 * for names only code counts (comments and imports of protocol packages are not a suite); an own option's
 * `--flag` counts anywhere, comments included.
 */
const runnerSrc = join(repoRoot, "packages", "conformance-runner", "src");
const scanned = [join(repoRoot, "packages", "cli", "src"), runnerSrc];

/** The only places outside a suite's folder that may name one, and why each cannot be elsewhere. */
const allowed: Record<string, string> = {
  // the registry: the one list of every suite, which everything else loops over
  "packages/conformance-runner/src/suites/index.ts": "the suite registry",
  // every catalogued id is resolved when a suite's checks are built (kit/check.ts, at import): the
  // validator suite's catalogue has no protocol package to come from, and reading it through the
  // registry would import in a circle (the registry imports the checks)
  "packages/conformance-runner/src/requirements.ts": "the validator suite's requirements catalogue",
};

const camel = (s: string) => s.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());
const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Comments blanked (line numbers kept), for the checks that look at code alone. */
const codeOf = (text: string) =>
  text
    .replace(/\/\*[\s\S]*?\*\//g, (c) => c.replace(/[^\n]/g, " "))
    .replace(/(^|[\s;{}(),])\/\/.*$/gm, (_, before: string) => before);

interface Pattern {
  what: string;
  re: RegExp;
  inCode: boolean;
}

function patterns(): Pattern[] {
  const out: Pattern[] = [];
  for (const suite of suites) {
    const n = escapeRegex(suite.name);
    out.push(
      { what: `the ${suite.name} suite's folder`, re: new RegExp(`suites/${n}/`), inCode: true },
      {
        what: `the ${suite.name} suite's declaration`,
        re: new RegExp(`\\b${camel(suite.name)}Suite\\b`),
        inCode: true,
      },
      // a string that is the suite's name, one of its checks (`name/…`) or help text about it (`name: …`)
      { what: `the ${suite.name} suite by name`, re: new RegExp(`["'\`]${n}(["'\`/]|: )`), inCode: true },
    );
    const own = [...(suite.flags ?? []), ...(suite.recording?.flags ?? [])].map((f) => f.name);
    if (suite.units) own.push(suite.units.option);
    for (const flag of new Set(own)) {
      const f = escapeRegex(flag);
      out.push(
        { what: `--${flag} of the ${suite.name} suite`, re: new RegExp(`--${f}(?![\\w-])`), inCode: false },
        { what: `--${flag} of the ${suite.name} suite`, re: new RegExp(`["'\`]${f}["'\`]`), inCode: true },
      );
      // read or set as a property (`shard.scenarios`, `{ scenarios: … }`), not a method (`server.listen(…)`)
      const key = camel(f);
      out.push({
        what: `--${flag} of the ${suite.name} suite`,
        re: new RegExp(`\\.${key}\\b(?!\\s*\\()|\\b${key}\\??:`),
        inCode: true,
      });
      if (flag.includes("-"))
        out.push({
          what: `--${flag} of the ${suite.name} suite`,
          re: new RegExp(`\\b${camel(flag)}\\b`),
          inCode: true,
        });
    }
  }
  return out;
}

function sources(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(".ts") && !e.name.endsWith(".test.ts"))
    .map((e) => join(e.parentPath, e.name))
    .filter((file) => !suites.some((s) => file.startsWith(`${join(runnerSrc, "suites", s.name)}/`)));
}

/** Every place outside its owner that names a suite or a suite's own option: `file:line: what`. */
function strangers(): string[] {
  const all = patterns();
  const hits: string[] = [];
  for (const file of scanned.flatMap(sources)) {
    const path = relative(repoRoot, file);
    if (path in allowed) continue;
    const text = readFileSync(file, "utf8");
    const bare = codeOf(text).split("\n");
    for (const [i, line] of text.split("\n").entries())
      for (const p of all)
        if (p.re.test(p.inCode ? (bare[i] ?? "") : line)) hits.push(`${path}:${i + 1}: ${p.what}`);
  }
  return [...new Set(hits)];
}

describe("suites own what only they know", () => {
  it("the scan sees every suite, its own options and the sources outside the suites' folders", () => {
    expect(suites.length).toBeGreaterThanOrEqual(5);
    expect(patterns().some((p) => p.what.startsWith("--max-requests"))).toBe(true);
    expect(scanned.flatMap(sources).length).toBeGreaterThan(50);
  });

  it("the CLI and the runner outside suites/<name>/ name no suite and no suite's own option", () => {
    expect(strangers()).toEqual([]);
  });
});
