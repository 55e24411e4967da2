// Installed from npm (no checkout: the root is @keel/schema-model's own folder with the schemas it ships),
// the commands that work on the working schemas refuse with a usage error that says so.
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runMain } from "./harness.js";

const saved = process.env.KEEL_ROOT;
beforeAll(() => {
  process.env.KEEL_ROOT = resolve(import.meta.dirname, "..", "..", "schema-model");
});
afterAll(() => {
  if (saved === undefined) delete process.env.KEEL_ROOT;
  else process.env.KEEL_ROOT = saved;
});

describe.each([
  [["gen"], "gen"],
  [["gen", "--check"], "gen"],
  [["bump", "myrmo", "minor"], "bump"],
  [["examples"], "examples"],
  [["compat", "myrmo"], "compat (over the working schemas)"],
  [["compat", "myrmo", "--from", "1.0"], "compat (over the working schemas)"],
])("keel %j outside a checkout", (args, command) => {
  it("exits 2 saying it needs one", async () => {
    const { code, out, err } = await runMain(args);
    expect(code).toBe(2);
    expect(out).toBe("");
    expect(err).toContain(
      `expected a keel repository checkout (a folder with schemas/registry.json) at or above`,
    );
    expect(err).toContain(`for \`keel ${command}\`, found none`);
  });
});
