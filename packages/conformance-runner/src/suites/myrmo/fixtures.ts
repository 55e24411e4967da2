import { existsSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Fixture, fixtures as fixturesOf, parseText, readText } from "../kit/fixtures.js";

export { type Fixture, made, openProbe } from "../kit/fixtures.js";

// The suite sends the generated fixtures (kit/fixtures.ts) and the schema's examples: from the repository in
// a checkout, else from the copies @keel/myrmo ships (`schemas/examples/`; tools/pack-assets.mjs).
const checkout = join(import.meta.dirname, "..", "..", "..", "..", "..");
const inCheckout = existsSync(join(checkout, "schemas", "myrmo", "examples"));
const shipped = (): string => dirname(dirname(fileURLToPath(import.meta.resolve("@keel/myrmo"))));
const exampleDir = (): string =>
  inCheckout ? join(checkout, "schemas", "myrmo", "examples") : join(shipped(), "schemas", "examples");

/** The manifest's fixtures of one document type (trail, outcome_report) that must be valid or invalid. */
export const fixtures = (type: string, expect: "valid" | "invalid"): Fixture[] =>
  fixturesOf("myrmo", type, expect);

/** The schema's examples of one document type (`.json` whole, `.jsonl` one document a line), as written. */
export function examples(type: string): Fixture[] {
  const dir = join(exampleDir(), type);
  return readdirSync(dir)
    .sort()
    .flatMap((file) => {
      const name = `schemas/myrmo/examples/${type}/${file}`;
      const text = readText(join(dir, file));
      if (file.endsWith(".json")) return [{ name, document: parseText(file, text), text }];
      if (!file.endsWith(".jsonl")) return [];
      return text
        .split("\n")
        .filter((l) => l.trim())
        .map((l, i) => ({ name: `${name}:${i + 1}`, document: parseText(file, l), text: l }));
    });
}
