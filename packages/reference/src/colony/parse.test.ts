import { describe, expect, it } from "vitest";
import { Refusal } from "./errors.js";
import { parseObject } from "./parse.js";

const fatal = new TextDecoder("utf-8", { fatal: true });

/** What parseObject answers: the document, or the refusal's code. */
function verdict(bytes: Buffer): unknown {
  try {
    return parseObject(bytes).document;
  } catch (error) {
    if (error instanceof Refusal) return error.code;
    throw error;
  }
}

describe("parseObject", () => {
  it("refuses as invalid_request exactly the bodies a fatal TextDecoder refuses", () => {
    const bodies = [
      [0x7b, 0x7d], // {}
      [0xef, 0xbb, 0xbf, 0x7b, 0x7d], // BOM {}
      [0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0xa9, 0x22, 0x7d], // {"a":"é"}
      [0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xf0, 0x9f, 0x90, 0x9c, 0x22, 0x7d], // an astral character
      [0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d], // an encoded lone surrogate
      [0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc0, 0xaf, 0x22, 0x7d], // an overlong "/"
      [0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0x22, 0x7d], // a byte never in UTF-8
      [0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xe2, 0x82], // truncated in a character
      [0xf4, 0x90, 0x80, 0x80], // past U+10FFFF
    ].map((b) => Buffer.from(b));
    for (const body of bodies) {
      let decodes = true;
      try {
        fatal.decode(body);
      } catch {
        decodes = false;
      }
      expect(verdict(body) === "invalid_request", body.toString("hex")).toBe(!decodes);
    }
  });

  it("keeps the text without a leading byte order mark and parses it, as TextDecoder did", () => {
    const body = Buffer.from([0xef, 0xbb, 0xbf, ...Buffer.from('{"a":"é"}')]);
    expect(parseObject(body)).toEqual({ document: { a: "é" }, text: '{"a":"é"}' });
  });

  it("answers malformed JSON invalid_request and JSON that is not an object invalid_trail", () => {
    expect(verdict(Buffer.from("{"))).toBe("invalid_request");
    expect(verdict(Buffer.from(""))).toBe("invalid_request");
    for (const json of ["[]", "null", '"x"', "1", "true"])
      expect(verdict(Buffer.from(json))).toBe("invalid_trail");
  });
});
