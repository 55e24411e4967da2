import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createAjv, DRAFTS, draftOf } from "./ajv.js";
import { checkMetaschema } from "./metaschema.js";
import { loadSchemaFile } from "./schema-set.js";

const dir = mkdtempSync(join(tmpdir(), "keel-drafts-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const URIS: Record<string, string> = {
  "draft-04": "http://json-schema.org/draft-04/schema#",
  "draft-06": "http://json-schema.org/draft-06/schema#",
  "draft-07": "http://json-schema.org/draft-07/schema#",
  "2019-09": "https://json-schema.org/draft/2019-09/schema",
  "2020-12": "https://json-schema.org/draft/2020-12/schema",
};

describe("the drafts keel reads", () => {
  it.each(DRAFTS)("%s: loaded, checked against its metaschema, compiled with its own semantics", (draft) => {
    const path = join(dir, `${draft}.schema.json`);
    const schema = {
      $schema: URIS[draft],
      type: "object",
      properties: { n: { type: "integer", minimum: 1 } },
    };
    writeFileSync(path, JSON.stringify(schema));
    const file = loadSchemaFile("unit", "working", `${draft}.schema.json`, path);
    // a draft-04 file is read as its draft-07 equivalent
    expect(file.draft).toBe(draft === "draft-04" ? "draft-07" : draft);
    expect(() => checkMetaschema(file)).not.toThrow();
    const validate = createAjv(draft).compile(schema);
    expect([validate({ n: 1 }), validate({ n: 0 })]).toEqual([true, false]);
  });

  it("2019-09 applies a $ref's siblings; draft-07 ignores them", () => {
    const refWithSibling = (uri: string, defs: string) => ({
      $schema: uri,
      [defs]: { s: { type: "string" } },
      properties: { a: { $ref: `#/${defs}/s`, maxLength: 1 } },
    });
    const v2019 = createAjv("2019-09", { strict: false }).compile(
      refWithSibling(URIS["2019-09"] as string, "$defs"),
    );
    expect(v2019({ a: "ab" })).toBe(false);
    expect(draftOf({ $schema: "https://json-schema.org/draft/2019-09/schema#" })).toBe("2019-09");
  });

  it("draft-04 is read as draft-07 with its meaning: boolean exclusive bounds, id; ajv-draft-04 agrees", () => {
    const path = join(dir, "d4.schema.json");
    const schema = {
      $schema: URIS["draft-04"],
      id: "https://example.com/d4.json",
      type: "object",
      properties: {
        below: { type: "number", maximum: 5, exclusiveMaximum: true },
        atLeast: { type: "number", minimum: 1, exclusiveMinimum: false },
        id: { type: "string" },
      },
    };
    writeFileSync(path, JSON.stringify(schema));
    const file = loadSchemaFile("unit", "working", "d4.schema.json", path);
    expect(file).toMatchObject({ id: "https://example.com/d4.json", draft: "draft-07", source: schema });
    expect(file.schema.properties).toEqual({
      below: { type: "number", exclusiveMaximum: 5 },
      atLeast: { type: "number", minimum: 1 },
      id: { type: "string" },
    });
    expect(() => checkMetaschema(file)).not.toThrow();
    const as04 = createAjv("draft-04").compile(schema);
    const as07 = createAjv("draft-07").compile(file.schema);
    for (const doc of [{ below: 5 }, { below: 4.9 }, { atLeast: 1 }, { atLeast: 0.5 }, { id: 1 }])
      expect(as07(doc), JSON.stringify(doc)).toBe(as04(doc));
  });

  it("a draft-04 file its own metaschema refuses is a located error, not read as draft-07", () => {
    const path = join(dir, "d4-bad.schema.json");
    writeFileSync(
      path,
      '{\n  "$schema": "http://json-schema.org/draft-04/schema#",\n  "exclusiveMaximum": 5\n}',
    );
    expect(() => loadSchemaFile("unit", "working", "d4-bad.schema.json", path)).toThrow(
      /d4-bad\.schema\.json:3:3.*the draft-04 metaschema/,
    );
  });

  it("draft-03 is a located error naming the drafts keel reads", () => {
    const path = join(dir, "old.schema.json");
    writeFileSync(path, JSON.stringify({ $schema: "http://json-schema.org/draft-03/schema#" }));
    expect(() => loadSchemaFile("unit", "working", "old.schema.json", path)).toThrow(
      /expected \$schema draft-04, draft-06, draft-07, 2019-09, 2020-12, found "http:\/\/json-schema.org\/draft-03\/schema#"/,
    );
  });
});
