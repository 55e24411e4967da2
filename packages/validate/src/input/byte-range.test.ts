import { closeSync, openSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { expect, it } from "vitest";
import { tempDir } from "../../../../tools/test-kit/temp-dirs.js";
import { readOwnedLines } from "./byte-range.js";

const dir = tempDir("keel-range-");

/** Tile the file with ranges of `step` bytes and join what each owns. */
function tiled(text: string, step: number): string[] {
  const file = join(dir, "f.jsonl");
  writeFileSync(file, text);
  const size = Buffer.byteLength(text);
  const fd = openSync(file, "r");
  try {
    const parts: string[] = [];
    for (let s = 0; s < size; s += step)
      parts.push(readOwnedLines(fd, s, Math.min(size, s + step), size).toString());
    return parts;
  } finally {
    closeSync(fd);
  }
}

it("owns each line exactly once, whole, whatever the range size and line lengths", () => {
  fc.assert(
    fc.property(
      fc.array(
        fc.string({ maxLength: 30 }).map((s) => s.replaceAll("\n", " ")),
        { maxLength: 20 },
      ),
      fc.boolean(),
      fc.integer({ min: 1, max: 40 }),
      (lines, trailing, step) => {
        const text = lines.join("\n") + (trailing && lines.length > 0 ? "\n" : "");
        const parts = tiled(text, step);
        expect(parts.join("")).toBe(text);
        // every part is whole lines: it ends with a newline or at the end of the file
        parts.forEach((p, i) => {
          if (p !== "" && i < parts.length - 1 && parts.slice(i + 1).some((q) => q !== ""))
            expect(p.endsWith("\n")).toBe(true);
        });
      },
    ),
    { seed: 11, numRuns: 300 },
  );
});

it("gives a range inside one long line nothing, and the line to the range it starts in", () => {
  const long = `${"x".repeat(100)}\nshort\n`;
  expect(tiled(long, 10)).toEqual([`${"x".repeat(100)}\n`, "", "", "", "", "", "", "", "", "", "short\n"]);
});
