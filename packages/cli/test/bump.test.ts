import { cpSync, existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { checkRegistry, loadRegistry, sha256File, validateExamples } from "@keel/schema-model";
import type { Command } from "commander";
import { describe, expect, it } from "vitest";
import { registerGen } from "../src/commands/gen.js";
import type { Io } from "../src/io.js";
import { keel, repoCopy, repoRoot } from "./harness.js";

const json = (path: string) => JSON.parse(readFileSync(path, "utf8"));
const save = (path: string, value: unknown) => writeFileSync(path, `${JSON.stringify(value, null, 2)}\n`);

/** Myrmo's working schema with one more optional property on the (closed) trail. */
function addOptional(root: string, name = "license") {
  const file = join(root, "schemas/myrmo/trail.v1.schema.json");
  const schema = json(file);
  schema.properties[name] = { type: "string", maxLength: 64, description: "SPDX id of the fix's license" };
  save(file, schema);
}

describe("keel bump", () => {
  it("refuses a minor with a breaking change, naming it, and writes nothing", async () => {
    const root = repoCopy();
    const file = join(root, "schemas/myrmo/trail.v1.schema.json");
    const schema = json(file);
    delete schema.properties.tags;
    save(file, schema);
    const before = readFileSync(join(root, "schemas/registry.json"), "utf8");
    const r = await keel(["bump", "myrmo", "minor", "--no-gen"], root);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /compat\/optional-property-removed-from-closed-object at trail\.v1\.schema\.json#\/properties\/tags/,
    );
    expect(r.stdout).toMatch(/keel bump: refused: myrmo 1\.0 → minor has breaking changes/);
    expect(readFileSync(join(root, "schemas/registry.json"), "utf8")).toBe(before);
    expect(existsSync(join(root, "schemas/myrmo/released/1.1"))).toBe(false);
  });

  it("freezes a minor: released copy with sha256, registry version, changeset, and a clean gate afterwards", async () => {
    const root = repoCopy();
    addOptional(root);
    const r = await keel(["bump", "myrmo", "minor", "--no-gen"], root);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^keel bump: myrmo 1\.0 → 1\.1 \(minor, 1 changes, needs minor\)/);
    const registry = loadRegistry(root);
    const myrmo = registry.protocols.myrmo;
    expect(myrmo?.version).toBe("1.1");
    const release = myrmo?.released.at(-1);
    expect(release?.version).toBe("1.1");
    const copy = join(root, "schemas/myrmo/released/1.1/trail.v1.schema.json");
    expect(release?.files["trail.v1.schema.json"]).toBe(sha256File(copy));
    expect(readFileSync(copy, "utf8")).toBe(
      readFileSync(join(root, "schemas/myrmo/trail.v1.schema.json"), "utf8"),
    );
    expect(checkRegistry(root, registry)).toEqual([]);
    expect(readFileSync(join(root, ".changeset/myrmo-1-1.md"), "utf8")).toMatchInlineSnapshot(`
      "---
      "@keel/myrmo": minor
      ---

      myrmo 1.1 (minor from 1.0; policy minor-adds-optional, strict consumers): 1 wire change(s).

      - \`optional-property-added-to-closed-object\` at \`trail.v1.schema.json#/properties/license\`: optional property "license" added to a closed object (old strict readers need a downgrade)
      "
    `);
    const after = await keel(["compat", "myrmo", "--bump", "auto"], root);
    expect(after.code).toBe(0);
    expect(after.stdout).toContain(
      "fits no version bump: 0 changes (0 on the wire), smallest fitting bump: none",
    );
  });

  it("gates an unreleased registry version with --bump auto: a minor over 1.0 fits, none does not", async () => {
    const root = repoCopy();
    addOptional(root);
    expect((await keel(["compat", "myrmo", "--bump", "auto"], root)).code).toBe(1);
    const registry = json(join(root, "schemas/registry.json"));
    registry.protocols.myrmo.version = "1.1";
    save(join(root, "schemas/registry.json"), registry);
    const r = await keel(["compat", "myrmo", "--bump", "auto", "--format", "json"], root);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ bump: "minor", verdict: "fits" });
  });

  it("moves version constants: ATIF's schema_version enum and default, and the registry default", async () => {
    const root = repoCopy();
    const file = join(root, "schemas/atif/trajectory.schema.json");
    const schema = json(file);
    schema.$defs.Agent.properties.homepage = { type: "string", description: "where the agent lives" };
    save(file, schema);
    const r = await keel(["bump", "atif", "minor", "--no-gen"], root);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      "version constant enum at trajectory.schema.json#/$defs/Trajectory/properties/schema_version",
    );
    const field = json(file).$defs.Trajectory.properties.schema_version;
    expect(field.enum.at(-1)).toBe("ATIF-v1.8");
    expect(field.default).toBe("ATIF-v1.8");
    expect(json(join(root, "schemas/registry.json")).protocols.atif.versionField.default).toBe("ATIF-v1.8");
    expect(checkRegistry(root, loadRegistry(root))).toEqual([]);
  });

  it("bumps slipway's contract const on a major and refuses a minor of a one-number version", async () => {
    const root = repoCopy();
    const file = join(root, "schemas/slipway/machine-protocol.schema.json");
    const schema = json(file);
    schema.$defs.outcome.properties.note = { type: "string" };
    save(file, schema);
    const minor = await keel(["bump", "slipway", "minor", "--no-gen"], root);
    expect(minor.code).toBe(2);
    expect(minor.stderr).toBe(
      'keel: expected a MAJOR.MINOR version for a minor bump, found "2": bump major\n',
    );
    const major = await keel(["bump", "slipway", "major", "--no-gen"], root);
    expect(major.code).toBe(0);
    expect(json(file).$defs.action.properties.contract_version).toEqual({ const: 3 });
    expect(major.stdout).toMatch(
      /version constant const at machine-protocol\.schema\.json#\/\$defs\/action\/properties\/contract_version: 2 → 3/,
    );
  });

  it("refuses to release when nothing changed on the wire", async () => {
    const r = await keel(["bump", "myrmo", "minor", "--no-gen"], repoCopy());
    expect(r.code).toBe(1);
    expect(r.stderr).toBe("keel: expected wire changes since myrmo 1.0, found none: nothing to release\n");
  });

  it("runs the registered gen command for the protocol after freezing, as its regeneration hook", async () => {
    const root = repoCopy();
    addOptional(root);
    const calls: string[][] = [];
    const fakeGen = (p: Command, _io: Io) => {
      p.command("gen")
        .argument("[protocol...]")
        .option("--report-to-stderr")
        .action((protocols: string[]) => {
          calls.push(protocols);
        });
    };
    const r = await keel(["bump", "myrmo", "minor"], root, fakeGen);
    expect(r.code).toBe(0);
    expect(calls).toEqual([["myrmo"]]);
    expect(r.stdout).toContain("regenerate: ran keel gen myrmo");
    const none = repoCopy();
    addOptional(none);
    expect((await keel(["bump", "myrmo", "minor"], none)).stdout).toContain(
      "regenerate: skipped: this keel has no `gen` command",
    );
  });

  it("with the real generator, emits a downgrade to the frozen minor into the protocol package", async () => {
    const root = repoCopy();
    addOptional(root);
    const r = await keel(["bump", "myrmo", "minor", "--format", "json"], root, (p, io) =>
      registerGen(p, io, () => {}),
    );
    expect(r.code).toBe(0);
    // a machine format is pure: gen's report goes to stderr, stdout is the one JSON object
    expect(JSON.parse(r.stdout)).toMatchObject({ version: "1.1", regenerated: "ran keel gen myrmo" });
    expect(r.stderr).toMatch(/^keel gen: \d+ files/);
    const generated = readFileSync(
      join(root, "packages/protocol-myrmo/src/generated/downgrade.gen.ts"),
      "utf8",
    );
    expect(generated).toMatch(/^\/\/ DO NOT EDIT\./);
    expect(generated).toContain("source: schemas/myrmo/released/1.0/trail.v1.schema.json");
    const plans = generated.match(/export const downgradePlans: Readonly<Record<(.*?), DowngradePlan>>/);
    expect(plans?.[1]).toBe('"1.0"');
    // the plan knows the new property is 1.1's alone: a 1.0 colony must never see it
    expect(generated).toMatch(/newer"?: \[\s*"license"\s*\]/);
  });
});

/** schemas/ plus what `keel gen myrmo` owns (its package's generated files, its fixtures), to bump with the real generator. */
function genCopy(): string {
  const root = repoCopy();
  for (const path of ["biome.json", "packages/protocol-myrmo/src/generated", "conformance/myrmo"])
    cpSync(join(repoRoot, path), join(root, path), { recursive: true });
  return root;
}

const fixtureCount = (root: string) =>
  readdirSync(join(root, "conformance/myrmo/fixtures"), { recursive: true }).filter((p) =>
    String(p).endsWith(".json"),
  ).length;

describe("keel bump major moves the version pattern it owns", () => {
  it("moves Myrmo's pattern in the schema and the registry and its examples' version, so the release accepts itself, the gate passes and gen keeps the fixtures", async () => {
    const root = genCopy();
    try {
      addOptional(root);
      const before = fixtureCount(root);
      const r = await keel(["bump", "myrmo", "major"], root, (p, io) => registerGen(p, io, () => {}));
      expect(r.code).toBe(0);
      expect(r.stdout).toContain(
        'version pattern at trail.v1.schema.json#/definitions/protocol_version: "^1\\\\.[0-9]+$" → "^2\\\\.[0-9]+$"',
      );
      expect(r.stdout).toContain("regenerate: ran keel gen myrmo");
      const frozen = json(join(root, "schemas/myrmo/released/2.0/trail.v1.schema.json"));
      expect(new RegExp(frozen.definitions.protocol_version.pattern).test("2.0")).toBe(true);
      expect(json(join(root, "schemas/registry.json")).protocols.myrmo.versionField.pattern).toBe(
        "^2\\.[0-9]+$",
      );
      expect(json(join(root, "schemas/myrmo/examples/trail/minimal.json")).protocol_version).toBe("2.0");
      expect(
        readFileSync(join(root, "schemas/myrmo/examples/outcome_report/queued.jsonl"), "utf8"),
      ).not.toContain('"1.0"');
      const registry = loadRegistry(root);
      expect(checkRegistry(root, registry)).toEqual([]);
      expect(validateExamples(root, registry, "myrmo").flatMap((e) => e.findings)).toEqual([]);
      expect((await keel(["compat", "myrmo", "--bump", "auto"], root)).code).toBe(0);
      expect(fixtureCount(root)).toBeGreaterThan(before / 2);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it("refuses, writing nothing, when it cannot tell how to move a pattern", async () => {
    const root = repoCopy();
    try {
      addOptional(root);
      const file = join(root, "schemas/myrmo/trail.v1.schema.json");
      const schema = json(file);
      schema.definitions.protocol_version.pattern = "^[01]\\.[0-9]+$";
      save(file, schema);
      const schemaBefore = readFileSync(file, "utf8");
      const registryBefore = readFileSync(join(root, "schemas/registry.json"), "utf8");
      const r = await keel(["bump", "myrmo", "major", "--no-gen"], root);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(
        'keel: expected the version pattern "^[01]\\\\.[0-9]+$" at trail.v1.schema.json#/definitions/protocol_version to accept "2.0"',
      );
      expect(r.stderr).toContain("nothing written");
      expect(readFileSync(file, "utf8")).toBe(schemaBefore);
      expect(readFileSync(join(root, "schemas/registry.json"), "utf8")).toBe(registryBefore);
      expect(existsSync(join(root, "schemas/myrmo/released/2.0"))).toBe(false);
      expect(existsSync(join(root, ".changeset"))).toBe(false);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
