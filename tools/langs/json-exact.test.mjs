import { describe, expect, it } from "vitest";
import { firstDifference, parseExact, stringifyExact } from "./json-exact.mjs";

const diff = (a, b) => firstDifference(parseExact(a), parseExact(b));

describe("round-trip comparison as JSON values", () => {
  it("ignores key order and how an equal number is written", () => {
    expect(diff('{"a":1,"b":[1.0,1e2]}', '{"b":[1,100],"a":1.00}')).toBeUndefined();
    expect(diff('{"x":0.10499999999999999}', '{"x":0.105}')).toBeUndefined();
  });

  it("names the first differing pointer: a lost member, a changed integer beyond 2^53, null for absent", () => {
    expect(diff('{"a":{"b/c":false}}', '{"a":{}}')).toBe("/a/b~1c");
    expect(diff('{"n":1784020561482913001}', '{"n":1784020561482913000}')).toBe("/n");
    expect(diff('{"a":[1,2]}', '{"a":[1,2,null]}')).toBe("/a/2");
    expect(diff('{"a":null}', "{}")).toBe("/a");
  });

  it("keeps numbers exactly as written, and a document's own {num} member as an object", () => {
    expect(stringifyExact(parseExact('{ "num": "x", "n": 12345678901234567890 }'))).toBe(
      '{"num":"x","n":12345678901234567890}',
    );
  });
});
