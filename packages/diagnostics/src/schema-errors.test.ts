import { describe, expect, it } from "vitest";
import { runValidator, type SchemaValidator, schemaErrorsToFindings } from "./schema-errors.js";
import { runZod, zodIssuesToFindings } from "./zod-issues.js";

describe("schemaErrorsToFindings", () => {
  it("says a property a branch forbids is to be absent, never 'false schema'", () => {
    const [f] = schemaErrorsToFindings([
      {
        keyword: "false schema",
        instancePath: "/id",
        params: {},
        message: "boolean schema is false",
        data: 3,
      },
    ]);
    expect(f?.message).toBe("expected id to be absent here (at /id), found 3");
    expect(f?.code).toBe("schema/forbidden");
  });

  it("says what a `not` forbids, from its subschema", () => {
    const not = (schema: unknown, data: unknown) =>
      schemaErrorsToFindings([{ keyword: "not", instancePath: "/t", params: {}, schema, data }])[0]?.message;
    expect(not({ type: "string", pattern: "^\\s*<[^<>]*>\\s*$" }, "<why>")).toBe(
      'expected /t not to be a string matching /^\\s*<[^<>]*>\\s*$/, found "<why>"',
    );
    expect(not({ type: "null" }, null)).toBe("expected /t not to be null, found null");
    expect(not({ anyOf: [{ required: ["a"] }, { required: ["b"] }] }, {})).toBe(
      'expected /t not to be an object with "a" or an object with "b", found {}',
    );
  });

  it("reads the value from the document when the validator left `data` out, and names 1e400", () => {
    const found = schemaErrorsToFindings(
      [
        {
          keyword: "pattern",
          instancePath: "/id",
          params: { pattern: "^a$" },
          message: 'must match pattern "^a$"',
        },
        { keyword: "enum", instancePath: "/k", params: { allowedValues: ["x"] } },
        { keyword: "type", instancePath: "/n", params: { type: "integer" }, data: Number.POSITIVE_INFINITY },
      ],
      { id: "b", k: "y", n: JSON.parse("1e400") },
    ).map((f) => f.message);
    expect(found).toEqual([
      'expected /id to satisfy pattern (must match pattern "^a$"), found "b"',
      'expected /k to be one of "x", found "y"',
      "expected /n to be of type integer, found a number too large to represent (read as Infinity)",
    ]);
  });

  it("points at the missing or unknown property itself and says what was expected", () => {
    expect(
      schemaErrorsToFindings([
        { keyword: "required", instancePath: "/agent", params: { missingProperty: "name" } },
        { keyword: "additionalProperties", instancePath: "", params: { additionalProperty: "a/b" } },
        {
          keyword: "maxLength",
          instancePath: "/s",
          params: { limit: 2 },
          message: "must NOT have more than 2 characters",
          data: "😀😀😀",
        },
        { keyword: "enum", instancePath: "/os", params: { allowedValues: ["linux", "macos"] }, data: "beos" },
        { keyword: "type", instancePath: "/n", params: { type: "integer" }, data: 1.5 },
      ]),
    ).toMatchInlineSnapshot(`
      [
        {
          "code": "schema/required",
          "message": "expected required property "name" in /agent, found it missing",
          "pointer": "/agent/name",
          "severity": "error",
        },
        {
          "code": "schema/additional-properties",
          "message": "expected no property "a/b" in the document (the object is closed), found one",
          "pointer": "/a~1b",
          "severity": "error",
        },
        {
          "code": "schema/max-length",
          "message": "expected /s to have at most 2 characters, found 3",
          "pointer": "/s",
          "severity": "error",
        },
        {
          "code": "schema/enum",
          "message": "expected /os to be one of "linux", "macos", found "beos"",
          "pointer": "/os",
          "severity": "error",
        },
        {
          "code": "schema/type",
          "message": "expected /n to be of type integer, found number",
          "pointer": "/n",
          "severity": "error",
        },
      ]
    `);
  });

  it("runs a validator and reports nothing on success", () => {
    const validate: SchemaValidator = (d) => d === 1;
    expect(runValidator(validate, 1)).toEqual({ valid: true, findings: [] });
    validate.errors = [{ keyword: "const", instancePath: "", params: { allowedValue: 1 }, data: 2 }];
    expect(runValidator(validate, 2).findings.map((f) => f.code)).toEqual(["schema/const"]);
  });
});

describe("zodIssuesToFindings", () => {
  it("builds pointers from issue paths and namespaces the code", () => {
    expect(
      zodIssuesToFindings([
        { code: "invalid_type", path: ["steps", 0, "a/b"], message: "Invalid input: expected string" },
      ]),
    ).toEqual([
      {
        code: "zod/invalid-type",
        severity: "error",
        message: "expected /steps/0/a~1b to satisfy the schema, invalid input: expected string",
        pointer: "/steps/0/a~1b",
      },
    ]);
  });

  it("runs a safeParse-shaped schema", () => {
    const schema = {
      safeParse: (d: unknown) =>
        d === "ok"
          ? ({ success: true } as const)
          : ({ success: false, error: { issues: [{ code: "custom", path: [], message: "Nope" }] } } as const),
    };
    expect(runZod(schema, "ok").valid).toBe(true);
    expect(runZod(schema, "no").findings[0]?.pointer).toBe("");
  });
});
