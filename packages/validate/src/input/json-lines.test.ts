import type { Finding } from "@keel/diagnostics";
import { describe, expect, it } from "vitest";
import { streamLines } from "./json-lines.js";

/** The documents and notes of JSON Lines read from `pieces`, each piece one chunk. */
function read(pieces: string[], fileStart = true) {
  const notes: Finding[] = [];
  const docs = Array.from(
    streamLines(
      pieces.map((p) => Buffer.from(p)),
      notes,
      fileStart,
    ),
  );
  return { docs, notes: notes.map((n) => `${n.code} ${n.line}:${n.column}`) };
}

describe("streamLines", () => {
  it("numbers lines from 1, skips blank ones, drops a CRLF's \\r and joins a line split across chunks", () => {
    expect(read(['{"a":1}\r\n\n  \n{"b"', ':2}\n{"c":3}']).docs).toEqual([
      { line: 1, text: '{"a":1}' },
      { line: 4, text: '{"b":2}' },
      { line: 5, text: '{"c":3}' },
    ]);
  });

  it("strips a BOM at the start of a file with a warning, and leaves it alone inside a byte range", () => {
    expect(read(["\uFEFF1\n2\n"])).toEqual({
      docs: [
        { line: 1, text: "1" },
        { line: 2, text: "2" },
      ],
      notes: ["json/bom 1:1"],
    });
    expect(read(["\uFEFF1\n"], false)).toEqual({ docs: [{ line: 1, text: "\uFEFF1" }], notes: [] });
  });

  it("makes a line that is not UTF-8 a failure on that line, and reads on", () => {
    const notes: Finding[] = [];
    const chunk = Buffer.concat([Buffer.from("1\n"), Buffer.from([0xc3, 0x28]), Buffer.from("\n3\n")]);
    const docs = Array.from(streamLines([chunk], notes));
    expect(docs.map((d) => [d.line, d.text ?? d.failure?.code])).toEqual([
      [1, "1"],
      [2, "json/invalid-utf8"],
      [3, "3"],
    ]);
  });

  it("gives the same documents however the bytes are cut into chunks (text, CRLF, blanks, bad UTF-8, a multi-byte character cut)", () => {
    const bytes = Buffer.concat([
      Buffer.from('\uFEFF{"a":"é"}\r\n\n{"b":"😀"}\n  \n'),
      Buffer.from([0x7b, 0xc3, 0x28, 0x7d, 0x0a]),
      Buffer.from('{"c":3}\r\n[1,\t2]\n\r\n"ü"'),
    ]);
    const whole = Array.from(streamLines([bytes], []));
    expect(whole.map((d) => [d.line, d.text ?? d.failure?.code])).toEqual([
      [1, '{"a":"é"}'],
      [3, '{"b":"😀"}'],
      [5, "json/invalid-utf8"],
      [6, '{"c":3}'],
      [7, "[1,\t2]"],
      [9, '"ü"'],
    ]);
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    for (let round = 0; round < 200; round++) {
      const chunks: Buffer[] = [];
      for (let at = 0; at < bytes.length; ) {
        const size = 1 + (next() % 9);
        chunks.push(bytes.subarray(at, at + size));
        at += size;
      }
      expect(Array.from(streamLines(chunks, []))).toEqual(whole);
    }
  });
});
