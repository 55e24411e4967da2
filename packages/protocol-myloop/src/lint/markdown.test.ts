import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { editText, lintCopy } from "../../test/run-copy.js";
import { bullets, heading, mdLines } from "./markdown.js";

describe("md-syntax: how the rules read markdown", () => {
  it("ignores fenced code and HTML comments, keeps line numbers", () => {
    const text = "# T\n```\n## Not a heading\n- not a bullet\n```\nkeep <!-- gone\n- gone too\n--> kept  \n";
    expect(mdLines(text).map((l) => `${l.line}:${l.text}`)).toEqual([
      "1:# T",
      "2:",
      "3:",
      "4:",
      "5:",
      "6:keep",
      "7:",
      "8: kept",
      "9:",
    ]);
  });

  it("reads ATX headings with one space only", () => {
    expect([heading("## Axes", 2), heading("##Axes", 2), heading("### Axes", 2)]).toEqual([
      "Axes",
      undefined,
      undefined,
    ]);
  });

  it("joins a bullet's indented continuation, whitespace-normalised, under its H2", () => {
    const text =
      "## S\n- first line\n   and   its continuation\n * indented star is not a bullet\n* star bullet\nplain text ends it\n  not a continuation\n";
    expect(bullets(mdLines(text))).toEqual([
      {
        line: 2,
        text: "first line and its continuation",
        own: "first line and its continuation",
        section: "S",
      },
      { line: 5, text: "star bullet", own: "star bullet", section: "S" },
    ]);
  });

  it("keeps a bullet's own paragraph apart from its indented sub-bullets", () => {
    const text =
      "## Axes\n- tools: what the agent can call (added: iter_2)\n  - definition: the action space\n";
    expect(bullets(mdLines(text))[0]).toMatchObject({
      own: "tools: what the agent can call (added: iter_2)",
      text: "tools: what the agent can call (added: iter_2) - definition: the action space",
    });
  });
});

describe("md-derived-exact: separators in derived files are exact characters", () => {
  const terminated = (change: (t: string) => string) => (dir: string) => {
    writeFileSync(join(dir, "SUMMARY.md"), "The run ended.\n");
    editText(dir, "trace.md", change);
  };

  it("accepts the rendered em dash and rejects an ASCII hyphen in its place", () => {
    expect(
      lintCopy(
        "trace-title",
        terminated((t) => t),
      ),
    ).toEqual([]);
    const hyphen = terminated((t) => t.replace("# Trace — myloop", "# Trace - myloop"));
    expect(lintCopy("trace-title", hyphen).map((f) => f.message)).toMatchInlineSnapshot(`
      [
        "expected "# Trace — myloop mapgpt_mp3d v1" as rendered from the records, found "# Trace - myloop mapgpt_mp3d v1"",
      ]
    `);
  });
});
