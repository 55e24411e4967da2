import { describe, expect, it } from "vitest";
import { decode } from "./utf8.js";

describe("decode", () => {
  it("keeps UTF-8 text as it is, a BOM included (bom.ts decides about that)", () => {
    expect(decode(Buffer.from('\uFEFF{"é": 1}'), 3)).toEqual({ line: 3, text: '\uFEFF{"é": 1}' });
  });

  it("locates the first byte that is not UTF-8 by line and column (in characters) from the document's line", () => {
    const bytes = Buffer.concat([Buffer.from('{\n  "né": "'), Buffer.from([0xff]), Buffer.from('"\n}')]);
    expect(decode(bytes, 10)).toEqual({
      line: 10,
      failure: {
        code: "json/invalid-utf8",
        severity: "error",
        message: "expected UTF-8 text, found the byte 0xff that is not valid UTF-8",
        pointer: "",
        line: 11,
        column: 10,
      },
    });
  });

  it("says so when the text ends inside a multi-byte sequence", () => {
    const bytes = Buffer.concat([Buffer.from('"ab'), Buffer.from([0xe2, 0x82])]);
    expect(decode(bytes, 1).failure).toMatchObject({
      message: "expected UTF-8 text, found an incomplete UTF-8 sequence at the end",
      line: 1,
      column: 5, // the end, where the sequence should have gone on
    });
  });

  it("names the byte that starts a broken sequence, not the one where decoding gave up (an ELF binary)", () => {
    const bytes = Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0xd0, 0x61, 0x00]);
    expect(decode(bytes, 1).failure).toMatchObject({
      message: "expected UTF-8 text, found the byte 0xd0 starting an invalid UTF-8 sequence (0xd0 0x61)",
      line: 1,
      column: 6,
    });
  });
});
