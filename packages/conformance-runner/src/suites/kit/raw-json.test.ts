import { describe, expect, it } from "vitest";
import { controlText } from "./control.js";
import { locate, oneLine, setRaw, withMembers } from "./raw-json.js";

const text =
  '{\n  "id": 4,\n  "params": { "trials": 18446744073709551616, "a/b": [1, "x\\ud800", -0], "t": 3.0 },\n  "e": {}\n}';

describe("JSON texts edited as text", () => {
  it("finds a value as written, by JSON pointer", () => {
    const at = (p: string) => {
      const s = locate(text, p);
      return s && text.slice(s.start, s.end);
    };
    expect(at("/params/trials")).toBe("18446744073709551616");
    expect(at("/params/a~1b/1")).toBe('"x\\ud800"');
    expect(at("/params/a~1b/2")).toBe("-0");
    expect(at("/params/t")).toBe("3.0");
    expect(at("/e")).toBe("{}");
    expect(at("/params/none")).toBeUndefined();
    expect(locate("{", "/a")).toBeUndefined();
  });

  it("sets members, keeping every other byte: 2^64 and 3.0 stay as written", () => {
    const out = withMembers(oneLine(text), { "/id": 9, "/params/eval": "e", "/e/k": [1] });
    expect(out).toBe(
      '{"id":9,"params":{"eval":"e","trials":18446744073709551616,"a/b":[1,"x\\ud800",-0],"t":3.0},"e":{"k":[1]}}',
    );
    expect(setRaw(text, "/id/x", "1")).toBeUndefined();
  });

  it("makes a probed value ordinary for the control: 0 for a big integer, 3 for 3.0, no line end", () => {
    expect(controlText(oneLine(text), "/params/trials", ["integer-past-int64"])).toContain('"trials":0,');
    expect(controlText(oneLine(text), "/params/t", ["integer-decimal-point"])).toContain('"t":3}');
    expect(controlText('{"s":"a\\n"}', "/s", ["pattern-trailing-lf"])).toBe('{"s":"a"}');
    expect(controlText('{"s":"a"}', "/s", ["pattern-trailing-lf"])).toBeUndefined();
  });
});
