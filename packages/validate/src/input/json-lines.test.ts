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
});
