import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadRegistry } from "@keel/schema-model";
import { describe, expect, it } from "vitest";
import { keel, repoCopy, repoRoot, shared } from "./harness.js";

const slipwayHistory = join(shared, "reference", "slipway", "history");

describe("keel compat", () => {
  it("lists at least 30 rules with --rules, in every format", async () => {
    const pretty = await keel(["compat", "--rules"]);
    expect(pretty.code).toBe(0);
    expect(pretty.stdout).toMatch(/^\d+ rules;/);
    expect(pretty.stdout).toContain("compat/optional-property-added-to-closed-object");
    const json = JSON.parse((await keel(["compat", "--rules", "--format", "json"])).stdout);
    expect(json.length).toBeGreaterThanOrEqual(30);
    expect(json[1]).toMatchObject({ code: "compat/optional-property-added-to-closed-object", wire: true });
    expect((await keel(["compat", "--rules", "--format", "markdown"])).stdout).toMatch(/^\| rule \|/);
  });

  it("finds nothing to gate for any protocol at its latest release with --bump auto (the CI line)", async () => {
    const copy = repoCopy();
    const r = await keel(["compat", "--bump", "auto"], copy);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    // every registry protocol that has a release (the registry is the only list)
    for (const [p, entry] of Object.entries(loadRegistry(repoRoot).protocols))
      if (entry.released.length > 0) expect(r.stdout).toMatch(new RegExp(`^${p}: `, "m"));
  });

  it("gates a breaking change in the working tree: exit 1 naming the change and where it is", async () => {
    const copy = repoCopy();
    const file = join(copy, "schemas/myrmo/trail.v1.schema.json");
    const schema = JSON.parse(readFileSync(file, "utf8"));
    schema.required = [...schema.required, "tags"];
    writeFileSync(file, `${JSON.stringify(schema, null, 2)}\n`);
    const r = await keel(["compat", "myrmo", "--bump", "minor"], copy);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(
      /^breaking for a minor bump: 1 change\(s\) need a major bump; first: compat\/property-made-required at trail\.v1\.schema\.json#\/properties\/tags/m,
    );
    const json = JSON.parse(
      (await keel(["compat", "myrmo", "--bump", "major", "--format", "json"], copy)).stdout,
    );
    expect(json).toMatchObject({
      protocol: "myrmo",
      from: "1.0",
      to: "working",
      bump: "major",
      verdict: "fits",
      requires: "major",
    });
    expect(Object.keys(json)).toEqual([
      "protocol",
      "from",
      "to",
      "bump",
      "verdict",
      "requires",
      "summary",
      "policy",
      "consumer",
      "findings",
    ]);
    expect(json.findings[0]).toMatchObject({
      code: "compat/property-made-required",
      rule: "property-made-required",
      severity: "info",
      pointer: "/properties/tags",
      file: "trail.v1.schema.json",
      effects: { oldStrictReader: "ok", oldLenientReader: "ok", newReader: "breaks" },
      requires: "major",
    });
  });

  it("reports without gating when --bump is not given, and compares files and released versions", async () => {
    const from = join(slipwayHistory, "machine-protocol.schema.e1ca170.json");
    const to = join(shared, "reference", "slipway", "machine-protocol.schema.json");
    const r = await keel(["compat", "slipway", "--from", from, "--to", to, "--format", "markdown"]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain("| warning | `one-of-branch-added` |");
    expect(r.stdout).toContain("`one-of-branch-added`");
    expect(r.stdout).toContain("report: 2 changes (1 on the wire), smallest fitting bump: major");
  });

  it("reads a folder of schema files like the released version it holds", async () => {
    const released = await keel(["compat", "mira", "--from", "1.0", "--to", "1.1", "--format", "json"]);
    const folder = await keel([
      "compat",
      "mira",
      "--from",
      "schemas/mira/released/1.0",
      "--to",
      "1.1",
      "--format",
      "json",
    ]);
    expect(folder.stderr).toBe("");
    const a = JSON.parse(released.stdout);
    const b = JSON.parse(folder.stdout);
    expect(b.from).toBe("schemas/mira/released/1.0");
    expect(b.findings).toEqual(a.findings);
    expect(a.findings.length).toBeGreaterThan(0);
  });

  it("reads a git ref's schemas (HEAD) and compares them with the working tree", async () => {
    const r = await keel(["compat", "atif", "--from", "HEAD", "--format", "json"]);
    expect(r.stderr).toBe("");
    expect(JSON.parse(r.stdout)).toMatchObject({
      protocol: "atif",
      from: "git:HEAD",
      to: "working",
      verdict: "report",
    });
  });

  it("exits 2 with a message, never a stack, on bad input", async () => {
    const cases: Array<[string[], RegExp]> = [
      [["compat", "acme"], /^keel: expected one of .*myrmo.*, found protocol "acme"\n$/],
      [
        ["compat", "myrmo", "--from", "no/such/file.json"],
        /^keel: expected "working", a released myrmo version \(1\.0\), a schema file, a folder or a git ref, found "no\/such\/file\.json"\n$/,
      ],
      [["compat", "myrmo", "--from", "not-a-ref~~"], /found "not-a-ref~~"/],
      [["compat", "--from", "1.0"], /^keel: expected exactly one protocol with --from or --to\n$/],
      [
        ["compat", "myrmo", "--bump", "auto", "--from", "working"],
        /^keel: expected --bump auto to compare a released version with the working tree\n$/,
      ],
    ];
    for (const [args, message] of cases) {
      const r = await keel(args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stderr, args.join(" ")).toMatch(message);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    }
    const badJson = join(repoCopy(), "bad.json");
    writeFileSync(badJson, "{\n  nope\n}\n");
    const r = await keel(["compat", "myrmo", "--to", badJson]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/bad\.json:2:3: invalid JSON/);
    expect((await keel(["compat", "myrmo", "--bump", "sideways"])).code).toBe(2);
  });
});

describe("the built keel binary", () => {
  const bin = join(repoRoot, "packages", "cli", "dist", "bin.js");
  it("registers compat and bump", () => {
    const r = spawnSync(process.execPath, [bin, "--help"], { encoding: "utf8" });
    expect(r.stdout).toMatch(/^\s+compat /m);
    expect(r.stdout).toMatch(/^\s+bump /m);
  });
});
