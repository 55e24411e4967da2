import { describe, expect, it } from "vitest";
import { liftNullable } from "./normalise.js";

describe("liftNullable", () => {
  it("reads pydantic's anyOf [X, null] as nullable X and keeps the siblings", () => {
    const schema = {
      anyOf: [{ type: "string", maxLength: 3 }, { type: "null" }],
      default: null,
      description: "d",
    };
    expect(liftNullable(schema)).toEqual({
      nullable: true,
      schema: { type: "string", maxLength: 3, default: null, description: "d" },
    });
  });

  it("accepts the null branch first and the oneOf spelling", () => {
    expect(liftNullable({ oneOf: [{ type: "null" }, { $ref: "#/$defs/A" }] })).toEqual({
      nullable: true,
      schema: { $ref: "#/$defs/A" },
    });
  });

  it("reads type [T, null] as nullable T", () => {
    expect(liftNullable({ type: ["integer", "null"], minimum: 0 })).toEqual({
      nullable: true,
      schema: { type: "integer", minimum: 0 },
    });
    expect(liftNullable({ type: ["string", "integer", "null"] }).schema).toEqual({
      type: ["string", "integer"],
    });
  });

  it("leaves real unions and non-nullable schemas alone", () => {
    const union = { anyOf: [{ type: "string" }, { type: "integer" }] };
    expect(liftNullable(union)).toEqual({ nullable: false, schema: union });
    const threeWay = { anyOf: [{ type: "string" }, { type: "integer" }, { type: "null" }] };
    expect(liftNullable(threeWay)).toEqual({ nullable: false, schema: threeWay });
    expect(liftNullable(true)).toEqual({ nullable: false, schema: true });
  });

  it("does not count a null branch that carries more constraints as plain null", () => {
    const schema = { anyOf: [{ type: "string" }, { type: "null", description: "absent" }] };
    expect(liftNullable(schema).nullable).toBe(false);
  });
});
