import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { KeelError } from "@keel/diagnostics";
import { loadSchemaFile, SchemaSet } from "@keel/schema-model";
import { describe, expect, test } from "vitest";
import { inlineModule } from "../../test/zod-support.js";
import { supportedFormats } from "./formats.js";
import { assertSupported } from "./supported.js";

// Values on both sides of every ajv-formats format (and of the wrong family: a number format ignores strings).
const VALUES: unknown[] = [
  "",
  "abc",
  "QUJD",
  "QUJ=",
  "QUJ",
  "a@b.co",
  "a@b",
  "https://example.com/a{?q}",
  "/a/{b}",
  "{bad",
  "http://x.org",
  "x.org",
  "../a#b",
  "127.0.0.1",
  "256.0.0.1",
  "::1",
  "example.com",
  "-bad-.com",
  "/a/~0b",
  "/a/~2",
  "#/a",
  "0/a",
  "1#",
  "P1D",
  "P",
  "PT1H",
  "2024-02-29",
  "2023-02-29",
  "12:00:00Z",
  "12:00:00",
  "2024-01-01T12:00:00",
  "2024-01-01T12:00:00Z",
  "123e4567-e89b-12d3-a456-426614174000",
  "^a+$",
  "(",
  "a\\Z",
  1,
  1.5,
  2 ** 31,
  -(2 ** 31),
  2 ** 53,
  null,
];

const ALWAYS_VALID = ["password", "binary", "float", "double"];

describe("every ajv-formats format gives ajv's verdict in zod", () => {
  test.each(supportedFormats())("%s", async (format) => {
    const { zod, ajv, source } = await inlineModule(`any-format-${format}`, { format });
    const differ = VALUES.filter((v) => ajv(v) !== zod.safeParse(v).success);
    expect(differ, source).toEqual([]);
    // the pool holds values of both verdicts for every format that can fail
    const verdicts = new Set(VALUES.map((v) => ajv(v)));
    expect(verdicts).toEqual(new Set(ALWAYS_VALID.includes(format) ? [true] : [true, false]));
  });
});

describe("a schema keel cannot judge is a located error, not a crash", () => {
  const dir = mkdtempSync(join(tmpdir(), "keel-supported-"));
  const setOf = (name: string, text: string): SchemaSet => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return new SchemaSet("unit", "working", [loadSchemaFile("unit", "working", name, path)], []);
  };
  const failure = (set: SchemaSet): KeelError => {
    try {
      assertSupported(set);
    } catch (error) {
      return error as KeelError;
    }
    throw new Error("expected assertSupported to throw");
  };

  test("an unknown format: file, line:column, pointer, expected vs found, exit 2", () => {
    const set = setOf(
      "f.schema.json",
      '{\n    "$schema": "http://json-schema.org/draft-07/schema#",\n    "properties": {\n        "a": { "type": "string", "format": "colour" }\n    }\n}\n',
    );
    const error = failure(set);
    expect(error).toBeInstanceOf(KeelError);
    expect(error.exitCode).toBe(2);
    expect(error.code).toBe("gen/unsupported-format");
    expect(error.message).toBe(
      `${join(dir, "f.schema.json")}:4:34: expected a format ajv-formats knows (date-time, email, uri, byte, …), found "colour" at #/properties/a/format`,
    );
  });

  test("an unimplemented keyword", () => {
    const set = setOf(
      "k.schema.json",
      '{"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": {"a": {"unevaluatedItems": false}}}',
    );
    const error = failure(set);
    expect(error.code).toBe("gen/unsupported-keyword");
    expect(error.message).toMatch(
      /:1:\d+: expected JSON Schema keywords .*found "unevaluatedItems" at #\/\$defs\/a\/unevaluatedItems$/,
    );
    rmSync(dir, { recursive: true, force: true });
  });
});
