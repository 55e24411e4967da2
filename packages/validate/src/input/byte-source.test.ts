import { describe, expect, it } from "vitest";
import { isJsonValue, peekLines, replay } from "./byte-source.js";

/** Chunks of `pieces` through one reused buffer (as chunksOf does), counting how many were pulled. */
function reusedChunks(pieces: string[]) {
  const buffer = Buffer.alloc(64);
  const state = { pulled: 0 };
  function* chunks(): Generator<Buffer> {
    for (const piece of pieces) {
      state.pulled += 1;
      yield buffer.subarray(0, buffer.write(piece));
    }
  }
  return { chunks: chunks(), state };
}

describe("peekLines", () => {
  it("reads only as far as the end of the last line asked for, and keeps copies of what it read", () => {
    const { chunks, state } = reusedChunks(['\uFEFF\r\n  \n{"a"', ':1}\r\n{"b":2}\n', '{"c":3}\n', "never"]);
    const { head, lines } = peekLines(chunks, 1);
    expect(lines).toEqual(['{"a":1}']);
    expect(state.pulled).toBe(2);
    const rest = Array.from(replay(head, chunks), (c) => c.toString()); // each read before the next pull
    expect(rest.join("")).toBe('\uFEFF\r\n  \n{"a":1}\r\n{"b":2}\n{"c":3}\nnever');
    expect(state.pulled).toBe(4);
  });

  it("takes an unterminated last line as a line, and finds none in blank or empty input", () => {
    expect(peekLines(reusedChunks(["\n", "[1, 2"]).chunks, 2).lines).toEqual(["[1, 2"]);
    expect(peekLines(reusedChunks(['{"oops\n\n', '{"b":2}\n', "x"]).chunks, 2).lines).toEqual([
      '{"oops',
      '{"b":2}',
    ]);
    expect(peekLines(reusedChunks(["\n \n\t"]).chunks, 2)).toEqual({
      head: Buffer.from("\n \n\t"),
      lines: [],
    });
    expect(peekLines(reusedChunks([]).chunks, 1)).toEqual({ head: Buffer.alloc(0), lines: [] });
  });
});

describe("isJsonValue", () => {
  it("tells a complete JSON value from the opening line of a pretty-printed document", () => {
    expect([' {"a": [1]} ', "3", '"x"', "{", '{"a":', "[", "nope"].map(isJsonValue)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
  });
});
