import { describe, expect, it } from "vitest";
import { duplicateKeys } from "./duplicate-keys.js";

const dupes = (text: string) => duplicateKeys(text, JSON.parse(text));

describe("duplicateKeys", () => {
  it("finds nothing in an object without repeats, whatever its strings hold", () => {
    expect(dupes('{"a": "x\\": 1", "b": {"a": 1}, "c": [{"a": 1}, {"a": 2}]}')).toEqual([]);
    expect(dupes('{"a": "x\\\\", "b": "\\"a\\": 1"}')).toEqual([]);
    expect(dupes('{"a": "x\\\\", "a": 2}').map((d) => d.key)).toEqual(["a"]);
  });

  it("places the second key, and names the first one's line", () => {
    const text = '{\n  "protocol_version": "9.9",\n  "protocol_version": "1.0"\n}';
    expect(dupes(text)).toEqual([
      {
        pointer: "/protocol_version",
        key: "protocol_version",
        at: { line: 3, column: 3 },
        first: { line: 2, column: 3 },
      },
    ]);
  });

  it("finds repeats nested in arrays, with escaped pointers", () => {
    const found = dupes('{"x": [{"a/b": 1, "a/b": 2}]}');
    expect(found.map((d) => d.pointer)).toEqual(["/x/0/a~1b"]);
  });

  it("finds a repeat however keys are spaced, quoted inside strings or escaped", () => {
    const texts = [
      '{"a" : 1, "a":2}',
      '{"a"\t:1,\n"b": "\\" :", "a" :3}',
      '{"k": "x\\":", "k": 1}',
      '{"k": "\\"", "j": {"k": 1, "k": 2}}',
    ];
    for (const text of texts) expect(dupes(text).length, text).toBe(1);
    expect(dupes('{"a" : "b" , "c" : "\\" :"}')).toEqual([]);
  });
});
