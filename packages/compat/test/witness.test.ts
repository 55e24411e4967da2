import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../../../tools/test-kit/temp-dirs.js";
import { addWitnesses, compareFiles, renderJson, renderPretty } from "../src/index.js";

const dir = tempDir("keel-compat-witness-");

const D07 = "http://json-schema.org/draft-07/schema#";
writeFileSync(
  join(dir, "v1.json"),
  JSON.stringify({ $schema: D07, type: "object", properties: { kind: { enum: ["a", "b"] } } }),
);
writeFileSync(
  join(dir, "v2.json"),
  JSON.stringify({ $schema: D07, type: "object", properties: { kind: { enum: ["a"] } } }),
);
const compared = () => compareFiles({ from: "v1.json", to: "v2.json", cwd: dir, bump: "minor" });

describe("keel compat --witness", () => {
  it("shows the smallest document a breaking finding is about, valid under one version and refused by the other's reader", async () => {
    const r = await addWitnesses(compared());
    const [f] = r.findings;
    expect(f?.rule).toBe("enum-value-removed");
    const { tried, ms, ...w } = f?.witness ?? { tried: -1, ms: -1 };
    expect(w).toEqual({
      document: { kind: "b" },
      at: "",
      path: "/kind",
      validUnder: "old",
      refusedBy: "newReader",
    });
    expect(tried).toBeGreaterThan(0);
    expect(ms).toBeGreaterThanOrEqual(0);
    expect(r.witnesses).toMatchObject({ searched: 1, witnessed: 1, unwitnessed: 0, witnessedOnly: false });
    expect(renderPretty(r)).toContain(
      'witness (a whole document, valid under the old schema, refused by the new reader of old data at /kind): {"kind":"b"}',
    );
    expect(JSON.parse(renderJson(r)).findings[0].witness.document).toEqual({ kind: "b" });
  });

  it("builds the witness inside a whole document: through $ref and items, with the members the path requires", async () => {
    const dir2 = tempDir("keel-compat-witness-whole-");
    const side = (max: number) => ({
      $schema: D07,
      type: "object",
      required: ["name"],
      properties: {
        name: { type: "string" },
        steps: { type: "array", items: { $ref: "#/definitions/step" } },
      },
      definitions: {
        step: {
          type: "object",
          required: ["id"],
          properties: { id: { type: "integer" }, tries: { type: "integer", maximum: max } },
        },
      },
    });
    writeFileSync(join(dir2, "v1.json"), JSON.stringify(side(5)));
    writeFileSync(join(dir2, "v2.json"), JSON.stringify(side(3)));
    const r = await addWitnesses(compareFiles({ from: "v1.json", to: "v2.json", cwd: dir2 }), { tries: 400 });
    const f = r.findings.find((x) => x.rule === "maximum-decreased");
    expect(f?.witness).toMatchObject({
      at: "",
      path: "/steps/0/tries",
      validUnder: "old",
      refusedBy: "newReader",
    });
    const doc = f?.witness?.document as { name: unknown; steps: Array<{ id: unknown; tries: number }> };
    expect(Object.keys(doc).sort()).toEqual(["name", "steps"]);
    expect(Object.keys(doc.steps[0] ?? {}).sort()).toEqual(["id", "tries"]);
    expect(doc.steps[0]?.tries).toBeGreaterThan(3);
  });

  it("leaves a break no whole document shows unwitnessed, saying where a part of one shows it", async () => {
    const dir3 = tempDir("keel-compat-witness-masked-");
    // `strict` narrows `n`, but the root's other alternative accepts any object: no document breaks
    const side = (min: number) => ({
      $schema: D07,
      anyOf: [{ $ref: "#/definitions/strict" }, { type: "object" }],
      definitions: { strict: { type: "object", properties: { n: { type: "string", minLength: min } } } },
    });
    writeFileSync(join(dir3, "v1.json"), JSON.stringify(side(1)));
    writeFileSync(join(dir3, "v2.json"), JSON.stringify(side(3)));
    const r = await addWitnesses(compareFiles({ from: "v1.json", to: "v2.json", cwd: dir3 }), { tries: 400 });
    const f = r.findings.find((x) => x.rule === "min-length-increased");
    expect(f?.witness).toBeUndefined();
    expect(f?.unwitnessed?.reason).toMatch(
      /^a document shows it at \/definitions\/strict\/properties\/n \(".*"\), but none of the whole documents/,
    );
  });

  it("labels a finding it found no witness for as unwitnessed, which still counts unless --witnessed-only", async () => {
    const frozen = { totalMs: 0, now: () => 0 };
    const r = await addWitnesses(compared(), frozen);
    expect(r.findings[0]?.unwitnessed).toEqual({
      tried: 0,
      ms: 0,
      reason: "the time for all witnesses ran out first",
    });
    expect(r.verdict).toBe("breaking");
    expect(renderPretty(r)).toContain("unwitnessed: no document found in 0 tried (0 ms)");
    const only = await addWitnesses(compared(), { ...frozen, witnessedOnly: true });
    expect(only.verdict).toBe("fits");
  });
  it("tries an open tuple with one item more than its positions (an items array narrowed to one schema)", async () => {
    const d = tempDir("keel-compat-witness-tuple-");
    const side = (items: unknown) => ({
      $schema: D07,
      type: "object",
      properties: { allow: { type: "array", items } },
    });
    writeFileSync(join(d, "v1.json"), JSON.stringify(side([{ type: "string" }])));
    writeFileSync(join(d, "v2.json"), JSON.stringify(side({ type: "string" })));
    const r = await addWitnesses(compareFiles({ from: "v1.json", to: "v2.json", cwd: d }), { tries: 400 });
    const f = r.findings.find((x) => x.rule === "type-narrowed");
    expect(f?.witness).toMatchObject({ path: "/allow/1", validUnder: "old", refusedBy: "newReader" });
  });

  it("refuses the anyOf alternatives beside the route, so a change inside one alternative shows", async () => {
    const d = tempDir("keel-compat-witness-siblings-");
    // tsconfig: `references` sits beside a `files` alternative that accepts any document without `files`
    const side = (min: number) => ({
      $schema: D07,
      type: "object",
      anyOf: [{ $ref: "#/definitions/files" }, { $ref: "#/definitions/references" }],
      definitions: {
        files: { properties: { files: { type: "array" } } },
        references: {
          properties: {
            references: {
              type: "array",
              items: { type: "object", properties: { path: { type: "string", minLength: min } } },
            },
          },
        },
      },
    });
    writeFileSync(join(d, "v1.json"), JSON.stringify(side(0)));
    writeFileSync(join(d, "v2.json"), JSON.stringify(side(1)));
    const r = await addWitnesses(compareFiles({ from: "v1.json", to: "v2.json", cwd: d }), { tries: 400 });
    const f = r.findings.find((x) => x.rule === "min-length-increased");
    expect(f?.witness).toMatchObject({ validUnder: "old", refusedBy: "newReader" });
    const doc = f?.witness?.document as { files?: unknown; references: Array<{ path: string }> };
    expect(doc.references[0]?.path).toBe("");
    expect(Array.isArray(doc.files)).toBe(false);
    expect(Object.hasOwn(doc, "files")).toBe(true);
  });

  it("adds the members a whole document requires, through a conditional (dependabot's schedule)", async () => {
    const d = tempDir("keel-compat-witness-repair-");
    const side = (ecosystems: string[]) => ({
      $schema: D07,
      type: "object",
      required: ["version", "updates"],
      properties: {
        version: { enum: [2] },
        updates: { type: "array", items: { $ref: "#/definitions/update" } },
      },
      definitions: {
        update: {
          type: "object",
          required: ["eco"],
          properties: {
            eco: { enum: ecosystems },
            group: { type: "string" },
            schedule: {
              type: "object",
              required: ["interval"],
              properties: { interval: { enum: ["daily", "weekly"] } },
            },
          },
          allOf: [{ if: { required: ["group"] }, else: { required: ["schedule"] } }],
        },
      },
    });
    writeFileSync(join(d, "v1.json"), JSON.stringify(side(["npm"])));
    writeFileSync(join(d, "v2.json"), JSON.stringify(side(["npm", "sbt"])));
    const r = await addWitnesses(compareFiles({ from: "v1.json", to: "v2.json", cwd: d }), { tries: 400 });
    const f = r.findings.find((x) => x.rule === "enum-value-added");
    expect(f?.witness).toMatchObject({ path: "/updates/0/eco", validUnder: "new" });
    const doc = f?.witness?.document as { version: unknown; updates: Array<Record<string, unknown>> };
    expect(doc.version).toBe(2);
    expect(doc.updates[0]?.eco).toBe("sbt");
  });
  it("explains a break an alternative beside it masks: the anyOf accepts every object whatever it refuses", async () => {
    const d = tempDir("keel-compat-witness-shield-");
    const side = (min: number) => ({
      $schema: D07,
      type: "object",
      anyOf: [{ $ref: "#/definitions/strict" }, { type: "object" }],
      definitions: { strict: { type: "object", properties: { n: { type: "string", minLength: min } } } },
    });
    writeFileSync(join(d, "v1.json"), JSON.stringify(side(1)));
    writeFileSync(join(d, "v2.json"), JSON.stringify(side(3)));
    const r = await addWitnesses(compareFiles({ from: "v1.json", to: "v2.json", cwd: d }), { tries: 400 });
    const f = r.findings.find((x) => x.rule === "min-length-increased");
    expect(f?.witness).toBeUndefined();
    expect(f?.unwitnessed?.explained).toBe(true);
    expect(f?.unwitnessed?.reason).toBe(
      "every route from a document root to /definitions/strict/properties/n passes an anyOf alternative beside one that accepts every value there: /anyOf/0 (beside /anyOf/1); the anyOf accepts whatever this place refuses",
    );
  });
});
