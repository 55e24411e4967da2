import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { registerNew } from "../src/commands/new.js";
import { keel, repoRoot, shared } from "./harness.js";

/** `keel compat` on SchemaStore schemas as published: absolute $refs supplied offline, summary first, witnesses. */
const base = join(shared, "reference", "schema-histories-published");
const eslint = (r: string) => join(base, "eslintrc", `${r}.json`);
const refs = (r: string) => `https://json.schemastore.org/=${join(base, "eslintrc", `${r}-refs`)}`;

describe("keel compat on published schemas", () => {
  it("exits 2 naming the URL, the pointer and the flags when a $ref is not supplied", async () => {
    const r = await keel(["compat", "--from", eslint("r2-11e62f6fd"), "--to", eslint("r3-adb65726a")]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'r2-11e62f6fd.json#/properties/rules/allOf/8/$ref: $ref "https://json.schemastore.org/partial-eslint-plugins.json" names https://json.schemastore.org/partial-eslint-plugins.json, which no file supplies; supply it offline with --ref FILE',
    );
  });

  it("reads each side's referenced files and opens with the summary (the eslintrc rewrite)", async () => {
    const r = await keel([
      "compat",
      "--from",
      eslint("r2-11e62f6fd"),
      "--to",
      eslint("r3-adb65726a"),
      "--from-ref-map",
      refs("r2-11e62f6fd"),
      "--ref-map",
      refs("r3-adb65726a"),
      "--max-findings",
      "2",
    ]);
    expect(r.stderr).toBe("");
    expect(r.code).toBe(0);
    const lines = r.stdout.split("\n");
    expect(lines[1]).toMatch(/^ {2}report: \d+ changes \(\d+ on the wire\), smallest fitting bump: major$/);
    expect(lines[2]).toMatch(/^ {4}old strict reader: /);
    expect(lines[5]).toMatch(/^ {4}by rule: /);
    expect(lines[6]).toMatch(/^ {4}top places: partial-eslint-plugins\.json#/);
    expect(r.stdout).toMatch(/ {2}… \d+ more finding\(s\) not shown \(/);
  });

  it("--format markdown carries the same summary, --witness a document per breaking finding", async () => {
    const r = await keel([
      "compat",
      "--from",
      join(base, "github-action", "r1-734c0e501.json"),
      "--to",
      join(base, "github-action", "r2-d506416b9.json"),
      "--witness",
      "--format",
      "markdown",
      "--bump",
      "minor",
    ]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain("- by rule: ");
    expect(r.stdout).toMatch(/- witnesses: \d+ of \d+ breaking finding\(s\) shown by a document/);
    expect(r.stdout).toContain("| witness |");
  });

  it("keel new --schema refuses a $ref nothing supplies before writing anything, naming --ref-map", async () => {
    const r = await keel(["new", "zzpublished", "--schema", eslint("r3-adb65726a")], repoRoot, (p, io) =>
      registerNew(p, io, () => {}),
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("--ref-map https://json.schemastore.org/=DIR");
    expect(existsSync(join(repoRoot, "schemas", "zzpublished"))).toBe(false);
  }, 60_000);

  it("refuses --ref with a protocol and --witness-time without --witness", async () => {
    expect((await keel(["compat", "mira", "--ref", "x.json"])).code).toBe(2);
    const r = await keel(["compat", "--from", "a.json", "--to", "b.json", "--witness-time", "5"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("expected --witness-time and --witnessed-only only with --witness");
  });
});
