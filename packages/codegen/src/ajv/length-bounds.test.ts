import { describe, expect, test } from "vitest";
import { guardLengthChecks } from "./length-bounds.js";

const REQUIRE = 'const func2 = require("ajv/dist/runtime/ucs2length").default;';

describe("guardLengthChecks", () => {
  test("tests the UTF-16 length before counting code points", () => {
    const code = `${REQUIRE}\nif(func2(data0) > 128){\nif(func2(data) < 3){`;
    expect(guardLengthChecks(code).split("\n").slice(1)).toEqual([
      "if(data0.length > 128 && func2(data0) > 128){",
      "if(data.length < 6 && func2(data) < 3){",
    ]);
  });

  test("leaves code without ucs2length alone", () => {
    expect(guardLengthChecks("if(data.length > 3){")).toBe("if(data.length > 3){");
  });

  test("refuses a call shape it does not know", () => {
    expect(() => guardLengthChecks(`${REQUIRE}\nif(func2(data0) >= 128){`)).toThrow(/rewrote 0 of 1/);
  });
});
