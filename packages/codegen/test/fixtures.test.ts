import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import {
  compileSchemaSet,
  escapeToken,
  type FixtureManifest,
  findRoot,
  getAtPointer,
  loadRegistry,
  loadSchemaSet,
  parseFixtureManifest,
  type SchemaObject,
  walk,
} from "@keel/schema-model";
import type { ErrorObject } from "ajv";
import { beforeAll, describe, expect, it } from "vitest";
import { buildFixtures, type FixtureStats } from "../src/fixture-gen/index.js";
import type { GeneratedFile } from "../src/generated-file.js";

const root = findRoot(import.meta.dirname);
const registry = loadRegistry(root);
const protocols = Object.keys(registry.protocols);

const runs = new Map<string, { files: GeneratedFile[]; stats: FixtureStats }>();
beforeAll(() => {
  for (const p of protocols) runs.set(p, buildFixtures(root, registry, p));
});

const run = (p: string) => runs.get(p) as { files: GeneratedFile[]; stats: FixtureStats };
const manifestOf = (p: string): FixtureManifest => {
  const path = `conformance/${p}/fixtures/manifest.json`;
  return parseFixtureManifest(run(p).files.find((f) => f.path === path)?.content ?? "null", path);
};

/** Where ajv locates an error, with missing and unknown properties at the property (as keel reports them). */
function located(e: ErrorObject): string {
  const p = e.params as { missingProperty?: string; additionalProperty?: string };
  const name = p.missingProperty ?? p.additionalProperty;
  return name === undefined ? e.instancePath : `${e.instancePath}/${escapeToken(name)}`;
}

describe.each(protocols)("%s fixtures", (protocol) => {
  it("are the same bytes on a second run", () => {
    const again = buildFixtures(root, registry, protocol).files;
    expect(again).toEqual(run(protocol).files);
  });

  it("each get ajv's verdict they claim, invalid ones by their keyword at their pointer", () => {
    const compiled = compileSchemaSet(registry, loadSchemaSet(root, registry, protocol));
    const byPath = new Map(run(protocol).files.map((f) => [f.path, f.content]));
    const wrong: string[] = [];
    for (const entry of manifestOf(protocol).fixtures) {
      const validate = compiled.validator(entry.type);
      const valid = validate(
        JSON.parse(byPath.get(`conformance/${protocol}/fixtures/${entry.file}`) ?? "null"),
      );
      const hit = (validate.errors ?? []).some(
        (e) =>
          e.keyword === entry.keyword &&
          (located(e) === entry.pointer || located(e).startsWith(`${entry.pointer}/`)),
      );
      if (entry.expect === "valid" ? !valid : valid || !hit) wrong.push(entry.file);
    }
    expect(wrong).toEqual([]);
  });

  it("are listed in a manifest whose counts, hashes and entries match the files", () => {
    const manifest = manifestOf(protocol);
    const files = run(protocol).files.filter((f) => !f.path.endsWith("/manifest.json"));
    expect([manifest.generatedBy, manifest.doNotEdit]).toEqual(["keel gen", true]);
    expect(manifest.fixtures.map((f) => `conformance/${protocol}/fixtures/${f.file}`)).toEqual(
      files.map((f) => f.path),
    );
    const valid = manifest.fixtures.filter((f) => f.expect === "valid").length;
    expect([manifest.counts.valid, manifest.counts.invalid]).toEqual([valid, files.length - valid]);
    for (const [type, counts] of Object.entries(manifest.counts.byType)) {
      const ofType = manifest.fixtures.filter((f) => f.type === type);
      expect([counts.valid, counts.invalid]).toEqual([
        ofType.filter((f) => f.expect === "valid").length,
        ofType.filter((f) => f.expect === "invalid").length,
      ]);
    }
    for (const [name, sha] of Object.entries(manifest.schemas)) {
      const bytes = readFileSync(join(root, "schemas", protocol, name));
      expect(createHash("sha256").update(bytes).digest("hex")).toBe(sha);
    }
    // one sentence in lowercase style: no capital to open it, no full stop, one line
    for (const f of manifest.fixtures) expect(f.why).toMatch(/^[^A-Z][^\n]*[^.]$/);
  });

  it("have unique, filesystem-safe names and canonical formatting", () => {
    const paths = run(protocol).files.map((f) => f.path);
    // integer probes write their number as its own text (`1.0`, `-0`, past 2^53): JSON.stringify cannot
    const raw = new Set(
      manifestOf(protocol)
        .fixtures.filter((f) => (f.probes ?? []).some((p) => p.startsWith("integer-")))
        .map((f) => `conformance/${protocol}/fixtures/${f.file}`),
    );
    expect(new Set(paths.map((p) => p.toLowerCase())).size).toBe(paths.length);
    for (const f of run(protocol).files) {
      expect(f.path).toMatch(
        /^conformance\/[a-z0-9_-]+\/fixtures\/([a-z0-9_]+\/(valid|invalid)\/)?[a-z0-9-]+\.json$/,
      );
      if (!raw.has(f.path)) expect(f.content).toBe(`${JSON.stringify(JSON.parse(f.content), null, 2)}\n`);
    }
  });

  it("number dozens to hundreds, of both kinds, for every document type with an example", () => {
    const { stats } = run(protocol);
    expect(stats.valid).toBeGreaterThanOrEqual(10);
    expect(stats.invalid).toBeGreaterThanOrEqual(30);
  });
});

describe("myrmo fixtures", () => {
  const entries = () => manifestOf("myrmo").fixtures;
  const docOf = (file: string) =>
    JSON.parse(
      run("myrmo").files.find((f) => f.path === `conformance/myrmo/fixtures/${file}`)?.content ?? "null",
    );

  it("hold a string exactly at maxLength in code points, with astral characters, and its one-longer twin", () => {
    const twins = entries().filter(
      (e) =>
        e.expect === "valid" &&
        e.keyword === "maxLength" &&
        entries().some((i) => i.file === e.file.replace("/valid/", "/invalid/")),
    );
    let astral = 0;
    for (const e of twins) {
      const atMax = getAtPointer(docOf(e.file), e.pointer) as string;
      const over = getAtPointer(docOf(e.file.replace("/valid/", "/invalid/")), e.pointer) as string;
      expect([...over].length).toBe([...atMax].length + 1);
      // UTF-16 units outnumber code points: a validator counting .length rejects the valid one
      if (atMax.length > [...atMax].length) astral++;
    }
    // all but the pattern-bound ones (a protocol version cannot hold an emoji)
    expect(astral).toBeGreaterThan(20);
  });

  it("exercise every keyword the schema uses to reject, and every enum value in some valid fixture", () => {
    const keywords = new Set(
      entries()
        .filter((e) => e.expect === "invalid")
        .map((e) => e.keyword),
    );
    for (const k of [
      "required",
      "additionalProperties",
      "type",
      "enum",
      "maxLength",
      "minLength",
      "pattern",
      "maxItems",
      "minimum",
      "maximum",
      "uniqueItems",
    ])
      expect(keywords).toContain(k);
    const text = entries()
      .filter((e) => e.expect === "valid")
      .map((e) => JSON.stringify(docOf(e.file)))
      .join("\n");
    const schema = JSON.parse(readFileSync(join(root, "schemas", "myrmo", "trail.v1.schema.json"), "utf8"));
    for (const v of walk(schema)) {
      const values = (v.schema as SchemaObject).enum;
      if (Array.isArray(values)) for (const value of values) expect(text).toContain(JSON.stringify(value));
    }
  });
});

describe("dialect probes", () => {
  const all = () => protocols.flatMap((p) => manifestOf(p).fixtures.map((f) => ({ ...f, protocol: p })));
  const text = (p: string, file: string) =>
    run(p).files.find((f) => f.path === `conformance/${p}/fixtures/${file}`)?.content ?? "";

  it("put a line end after a value of every end-anchored pattern the fixtures reach, ajv deciding each", () => {
    const lf = all().filter((f) => f.probes?.includes("pattern-trailing-lf"));
    expect(lf.length).toBeGreaterThan(50);
    const version = lf.find((f) => f.protocol === "myrmo" && f.pointer === "/protocol_version");
    expect(version?.expect).toBe("invalid");
    expect(JSON.parse(text("myrmo", version?.file ?? "")).protocol_version).toMatch(/^1\.[0-9]+\n$/);
  });

  it("write integer probes as their own text and tag every probing boundary and format fixture", () => {
    const names = new Set(all().flatMap((f) => f.probes ?? []));
    for (const n of [
      "pattern-trailing-crlf",
      "pattern-trailing-ls",
      "integer-2-53",
      "integer-past-2-53",
      "integer-past-int64",
      "integer-decimal-point",
      "integer-negative-zero",
      "string-lone-surrogate",
      "length-astral-at-max",
      "length-astral-under-min",
      "format-date-time",
      "format-uri",
    ])
      expect(names).toContain(n);
    const past = all().find((f) => f.probes?.includes("integer-past-2-53"));
    expect(text(past?.protocol ?? "", past?.file ?? "")).toContain("9007199254740993");
  });
});
