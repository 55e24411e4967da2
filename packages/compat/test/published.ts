import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { AnyCompatRequest } from "../src/index.js";
import { shared } from "./helpers.js";

/** SchemaStore histories as published (a test input): the 30 pairs of pairs.txt and how to compare one. */
const base = join(shared, "reference", "schema-histories-published");
export const pairs = readFileSync(join(base, "pairs.txt"), "utf8")
  .split("\n")
  .filter((l) => l.trim() !== "")
  .map((l) => l.trim().split(/\s+/) as [string, string, string]);
const revision = (series: string, commit: string): string => {
  const f = readdirSync(join(base, series)).find((x) => x.endsWith(`-${commit}.json`));
  if (f === undefined) throw new Error(`no revision ${commit} in ${series}`);
  return join(base, series, f);
};
const refsOf = (file: string) => {
  const dir = file.replace(/\.json$/, "-refs");
  return existsSync(dir) ? { refMap: [`https://json.schemastore.org/=${dir}`] } : {};
};

/** The request `keel compat` gets for a pair: each side's referenced files, the missing ones read as {}. */
export function publishedRequest(series: string, a: string, b: string): AnyCompatRequest {
  const from = revision(series, a);
  const to = revision(series, b);
  return { from, to, cwd: base, refs: refsOf(to), fromRefs: refsOf(from), unresolvedRefs: "any" };
}
