import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { cleanCopy, editText } from "../../test/run-copy.js";
import { searchSpaceHistory } from "./history-search.js";

const committed = (): string => {
  const dir = cleanCopy();
  const git = (...args: string[]) => execFileSync("git", ["-C", dir, ...args], { stdio: "ignore" });
  git("init", "-q");
  git("add", ".");
  git("-c", "user.name=keel", "-c", "user.email=keel@example.invalid", "commit", "-q", "-m", "run");
  return dir;
};

describe("search-append-only", () => {
  it("accepts appended axes and sections", () => {
    const dir = committed();
    editText(
      dir,
      "search_space.md",
      (t) => `${t}- retrieval-memory: new (added: iter_2)\n\n## reflection_1 (…)\n`,
    );
    expect(searchSpaceHistory(dir)).toEqual([]);
  });

  it("reports an edited axis bullet", () => {
    const dir = committed();
    editText(dir, "search_space.md", (t) => t.replace("- topology: seed axis", "- topology: graph wiring"));
    expect(
      searchSpaceHistory(dir).map((f) => ({ ...f, message: f.message.replace(/of \w{7} /, "of <commit> ") })),
    ).toMatchInlineSnapshot(`
        [
          {
            "code": "myloop/search-append-only",
            "file": "search_space.md",
            "line": 6,
            "message": "expected the axis bullet "topology: seed axis" of <commit> unchanged at position 2 of ## Axes, found it changed, moved or removed",
            "pointer": "",
            "severity": "error",
          },
        ]
      `);
  });
});
