import { describe, expect, it } from "vitest";
import { colourEnabled, colourStatuses } from "./colour.js";

describe("colour", () => {
  it("is on at a terminal, off when piped, with NO_COLOR or a dumb terminal; FORCE_COLOR wins over a pipe", () => {
    expect(colourEnabled({}, true)).toBe(true);
    expect(colourEnabled({}, false)).toBe(false);
    expect(colourEnabled({ NO_COLOR: "1" }, true)).toBe(false);
    expect(colourEnabled({ NO_COLOR: "" }, true)).toBe(true);
    expect(colourEnabled({ TERM: "dumb" }, true)).toBe(false);
    expect(colourEnabled({ FORCE_COLOR: "1" }, false)).toBe(true);
    expect(colourEnabled({ FORCE_COLOR: "0" }, false)).toBe(false);
  });

  it("colours only the status word that starts a line, never JSON or annotations", () => {
    const pretty = "ok   myrmo    6 example files\nFAIL atif     1 invalid\n  file:1:1 schema/required ok\n";
    expect(colourStatuses(pretty)).toBe(
      "\x1b[32mok\x1b[39m   myrmo    6 example files\n\x1b[1m\x1b[31mFAIL\x1b[39m\x1b[22m atif     1 invalid\n  file:1:1 schema/required ok\n",
    );
    const machine = '{\n  "valid": true\n}\n::error file=a.json,line=1::ok\n';
    expect(colourStatuses(machine)).toBe(machine);
  });
});
