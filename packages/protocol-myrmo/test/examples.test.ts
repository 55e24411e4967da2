import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { check, type MyrmoDocumentType, registryEntry } from "../src/index.js";

// Every shipped example line must pass schema + semantic rules; an unmapped example folder fails the test.
const examples = new URL("../../../schemas/myrmo/examples/", import.meta.url);
const types = Object.keys(registryEntry.documentTypes) as MyrmoDocumentType[];

function documents(text: string, file: string): unknown[] {
  return file.endsWith(".jsonl")
    ? text
        .split("\n")
        .filter((line) => line.trim() !== "")
        .map((line) => JSON.parse(line))
    : [JSON.parse(text)];
}

describe("schemas/myrmo/examples pass schema and semantic rules", () => {
  it("has an example folder for every document type and no other", () => {
    expect(readdirSync(examples).sort()).toEqual([...types].sort());
  });

  for (const type of readdirSync(examples) as MyrmoDocumentType[]) {
    for (const file of readdirSync(new URL(`${type}/`, examples))) {
      it(`${type}/${file}`, () => {
        const lines = documents(readFileSync(new URL(`${type}/${file}`, examples), "utf8"), file);
        expect(lines.length).toBeGreaterThan(0);
        for (const [i, document] of lines.entries()) {
          const { valid, findings } = check(type, document);
          expect({ line: i + 1, valid, findings: findings.filter((f) => f.severity !== "warning") }).toEqual({
            line: i + 1,
            valid: true,
            findings: [],
          });
        }
      });
    }
  }
});
