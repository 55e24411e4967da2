import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../../../tools/test-kit/temp-dirs.js";
import { registerGen } from "../src/commands/gen.js";
import { registerNew } from "../src/commands/new.js";
import { keel, repoRoot } from "./harness.js";

// 32.3: a `keel new` that fails halfway (here: keel gen refuses a keyword the scaffold let through) leaves
// nothing behind, so the same command can run again once the schema is fixed.
const withNewAndGen =
  (setExit: (code: number) => void) =>
  (p: Parameters<typeof registerNew>[0], io: Parameters<typeof registerNew>[1]) => {
    registerGen(p, io, setExit);
    registerNew(p, io, setExit);
  };

function checkout(): string {
  const root = tempDir("keel-new-retry-");
  mkdirSync(join(root, "schemas"));
  for (const f of ["registry.json", "registry.schema.json"])
    cpSync(join(repoRoot, "schemas", f), join(root, "schemas", f));
  writeFileSync(join(root, "schemas", "registry.json"), `${JSON.stringify({ protocols: {} }, null, 2)}\n`);
  mkdirSync(join(root, "packages", "validate"), { recursive: true });
  cpSync(
    join(repoRoot, "packages", "validate", "package.json"),
    join(root, "packages", "validate", "package.json"),
  );
  return root;
}

const tree = (root: string) =>
  readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name).slice(root.length + 1))
    .sort();

// a generation runs: seconds on a loaded machine
describe("keel new is all or nothing", { timeout: 60_000 }, () => {
  it("a failed attempt is undone and the same command then succeeds", async () => {
    const root = checkout();
    const before = tree(root);
    const registry = readFileSync(join(root, "schemas", "registry.json"), "utf8");
    const schema = (extra: object) => {
      const file = join(root, "toy.schema.json");
      writeFileSync(
        file,
        JSON.stringify({
          $schema: "https://json-schema.org/draft/2020-12/schema",
          type: "object",
          required: ["id"],
          properties: { id: { type: "string" } },
          ...extra,
        }),
      );
      return file;
    };
    const args = ["new", "toy", "--schema", schema({ unevaluatedProperties: false }), "--no-release"];
    let exit = 0;
    const failed = await keel(
      args,
      root,
      withNewAndGen((c) => {
        exit = c;
      }),
    );
    expect(failed.code).toBe(2);
    expect(failed.stderr).toContain(`found "unevaluatedProperties" at #/unevaluatedProperties`);
    expect(failed.stderr).toContain("keel new: toy not created, nothing kept");
    expect(tree(root)).toEqual([...before, "toy.schema.json"].sort());
    expect(readFileSync(join(root, "schemas", "registry.json"), "utf8")).toBe(registry);

    schema({});
    const retried = await keel(
      args,
      root,
      withNewAndGen((c) => {
        exit = c;
      }),
    );
    expect([retried.code, exit, retried.stderr]).toEqual([0, 0, expect.any(String)]);
    expect(existsSync(join(root, "packages", "protocol-toy", "src", "generated", "zod.gen.ts"))).toBe(true);
    expect(
      Object.keys(JSON.parse(readFileSync(join(root, "schemas", "registry.json"), "utf8")).protocols),
    ).toEqual(["toy"]);
  });
});
