import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..");

/**
 * Absolute paths of a development machine: the folder the checkouts of one machine lived in (spelled in
 * pieces below, so this file does not name it), and the folder holding this checkout. Docs and sources cite
 * repository files (or upstream documents by name) instead. Example data (a slipway `/home/mika/…`
 * worktree) is no machine's path and stays.
 */
const MACHINE = [["", "work", ""].join("/"), `${dirname(root)}/`].filter((p) => p.length > 2);

describe("tracked files", () => {
  it("carry no absolute path of a development machine", () => {
    const files = execFileSync("git", ["ls-files", "-z"], { cwd: root, encoding: "utf8" })
      .split("\0")
      .filter((f) => f !== "");
    const hits = [];
    for (const file of files) {
      let text;
      try {
        text = readFileSync(join(root, file), "utf8");
      } catch {
        continue; // a tracked file deleted in the working tree
      }
      for (const [i, line] of text.split("\n").entries())
        if (MACHINE.some((p) => line.includes(p)))
          hits.push(`${file}:${i + 1}: ${line.trim().slice(0, 120)}`);
    }
    expect(hits).toEqual([]);
  });
});
