import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { suites } from "../../src/suites/index.js";
import type { Suite } from "../../src/suites/suite.js";

/**
 * The fakes of the suites (`conformance/<suite>/fakes/*`, not `_helpers`), each with the check its first
 * line names: `// Fault: …. Trips <suite>/<check>.` (a failure), `Warns <suite>/<check>.` (a warning, a
 * failure under --strict) or `Blocks <suite>/<check>.` (a hang: keel stops waiting, the check is blocked by
 * --timeout and the run does not pass — keel cannot tell a hung implementation from a slow one).
 */
export const root = join(import.meta.dirname, "..", "..", "..", "..");

export interface FakeCase {
  suite: Suite;
  label: string;
  path: string;
  check: string | undefined;
  warns: boolean;
  blocks: boolean;
  /** the suite's own options its first line sets: `Scenarios: a, b.` is `--scenarios a,b` */
  own: Record<string, string>;
}

export const fakesFolder = (suite: Suite) => join(root, "conformance", suite.name, "fakes");

const ownOnFirstLine = (suite: Suite, first: string) =>
  Object.fromEntries(
    (suite.flags ?? []).flatMap((f) => {
      const label = f.name.charAt(0).toUpperCase() + f.name.slice(1).replaceAll("-", " ");
      const value = new RegExp(`${label}: ([^.]+)\\.`).exec(first)?.[1];
      return value ? [[f.name, value.replaceAll(", ", ",")]] : [];
    }),
  );

export function fakeCases(suite: Suite): FakeCase[] {
  const dir = fakesFolder(suite);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => !f.startsWith("_") && !f.endsWith(".md"))
    .map((file) => {
      const first = readFileSync(join(dir, file), "utf8").split("\n")[0] ?? "";
      const [, verb, check] = /(Trips|Warns|Blocks) ([a-z-]+\/[a-z-]+)\./.exec(first) ?? [];
      return {
        suite,
        label: `${suite.name}/${file}`,
        path: join(dir, file),
        check,
        warns: verb === "Warns",
        blocks: verb === "Blocks",
        own: ownOnFirstLine(suite, first),
      };
    });
}

export const suitesWithFakes = () => suites.filter((s) => fakeCases(s).length > 0);
