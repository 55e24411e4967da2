import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, expect, test } from "vitest";
import { NameTable } from "../src/names.js";
import { generateZodModule } from "../src/zod/index.js";
import { unitProtocol } from "./unit-protocol.js";

const tsc = join(import.meta.dirname, "..", "node_modules", ".bin", "tsc");
const dir = join(import.meta.dirname, ".zod-out", "union-cycle");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const object = (kind: string, properties: Record<string, unknown>) => ({
  type: "object",
  required: ["kind"],
  properties: { kind: { const: kind }, ...properties },
});

test("a definition-level union inside a recursion cycle infers its branches, not unknown", () => {
  // FeedItem comes first in the file, yet is a union of Post and Link, which reach FeedItem again
  const definitions = {
    FeedItem: { anyOf: [{ $ref: "#/definitions/Post" }, { $ref: "#/definitions/Link" }] },
    Post: object("post", { replies: { type: "array", items: { $ref: "#/definitions/FeedItem" } } }),
    Link: object("link", { embed: { $ref: "#/definitions/FeedItem" } }),
  };
  const { set, registry } = unitProtocol(definitions);
  const source = generateZodModule(registry, set, new NameTable(registry, set));
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "unit.ts"), source);
  const check = [
    'import type { z } from "zod";',
    'import type { FeedItemSchema } from "./unit.js";',
    "type Item = z.infer<typeof FeedItemSchema>;",
    "type IsUnknown<T> = unknown extends T ? true : false;",
    "export const notUnknown: IsUnknown<Item> = false;",
    'export const kinds: Item["kind"] = "post";',
    '// @ts-expect-error: no branch has kind "note"',
    'export const wrong: Item["kind"] = "note";',
    'export const deep: IsUnknown<Extract<Item, { kind: "post" }>["replies"]> = false;',
  ];
  writeFileSync(join(dir, "check.ts"), `${check.join("\n")}\n`);
  const tsconfig = {
    extends: "../../../../../tsconfig.base.json",
    compilerOptions: { noEmit: true },
    files: ["check.ts", "unit.ts"],
  };
  writeFileSync(join(dir, "tsconfig.json"), JSON.stringify(tsconfig, null, 2));
  let output = "";
  try {
    execFileSync(tsc, ["-p", join(dir, "tsconfig.json")], { encoding: "utf8" });
  } catch (error) {
    output = String((error as { stdout?: string }).stdout ?? error);
  }
  expect(output, source).toBe("");
});
