import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { checkTrail } from "./index.js";

const trail = () =>
  JSON.parse(
    readFileSync(new URL("../../../../schemas/myrmo/examples/trail/distutils.json", import.meta.url), "utf8"),
  );
const withPatch = (patch: object) => {
  const t = trail();
  t.solution.code_patches = [{ ...t.solution.code_patches[0], ...patch }];
  return t;
};

describe("code patch rules", () => {
  it("accept the seed's example patch", () => {
    expect(checkTrail(trail())).toEqual({ valid: true, findings: [] });
  });

  it("myrmo/diff-unified: a diff without headers or hunks", () => {
    const findings = checkTrail(withPatch({ diff: "numpy>=1.26,<2\n" })).findings;
    expect(findings.map((f) => [f.code, f.pointer, f.message])).toMatchInlineSnapshot(`
      [
        [
          "myrmo/diff-unified",
          "/solution/code_patches/0/diff",
          "expected a unified diff (--- and +++ headers, then @@ -l,n +l,n @@ hunks), found no --- header, no +++ header, no @@ hunk header",
        ],
      ]
    `);
  });

  it("myrmo/diff-unified: hunk counts that do not match the hunk's lines, lines after the last hunk", () => {
    const diff = (hunk: string) => `--- a/package.json\n+++ b/package.json\n${hunk}`;
    const found = (text: string) => checkTrail(withPatch({ diff: text })).findings.map((f) => f.message);
    // git apply calls this one corrupt: the header counts 7 lines a side, the hunk holds 6
    expect(found(diff("@@ -6,7 +6,7 @@\n a\n b\n-c\n+C\n d\n e\n f\n"))).toEqual([
      "expected hunk 1 (@@ -6,7 +6,7 @@) to hold 7 old and 7 new lines, found 6 and 6",
    ]);
    expect(found(diff("@@ -1 +1 @@\n-a\n+b\ntrailing text\n"))).toEqual([
      'expected a hunk or a file header after hunk 1, found line 6 "trailing text"',
    ]);
    // counts left out are 1; an empty line is an empty context line; two files, two hunks
    expect(found(diff("@@ -1 +1 @@\n-a\n+b\n"))).toEqual([]);
    expect(found(diff("@@ -1,3 +1,3 @@\n a\n\n-c\n+C\n\\ No newline at end of file\n"))).toEqual([]);
    expect(
      found(`diff --git a/x b/x\nindex 1..2\n${diff("@@ -1 +1 @@\n-a\n+b\n@@ -9,0 +10 @@\n+z\n")}`),
    ).toEqual([]);
  });

  it("myrmo/file-path-relative: a drive letter without a slash, a backslash root", () => {
    const findings = [
      ...checkTrail(withPatch({ file_path: "C:requirements.txt" })).findings,
      ...checkTrail(withPatch({ file_path: "\\\\srv\\share\\requirements.txt" })).findings,
    ];
    expect(findings.map((f) => [f.code, f.pointer, f.message])).toMatchInlineSnapshot(`
      [
        [
          "myrmo/file-path-relative",
          "/solution/code_patches/0/file_path",
          "expected a path relative to the project root, found "C:requirements.txt"",
        ],
        [
          "myrmo/file-path-relative",
          "/solution/code_patches/0/file_path",
          "expected a path relative to the project root, found "\\\\\\\\srv\\\\share\\\\requirements.txt"",
        ],
      ]
    `);
  });

  it("myrmo/file-path-escapes-root (warning): .. climbing above the project", () => {
    expect(checkTrail(withPatch({ file_path: "lib/../requirements.txt" }))).toEqual({
      valid: true,
      findings: [],
    });
    const result = checkTrail(withPatch({ file_path: "lib/../../requirements.txt" }));
    expect(result.valid).toBe(true);
    expect(result.findings.map((f) => [f.code, f.severity, f.message])).toMatchInlineSnapshot(`
      [
        [
          "myrmo/file-path-escapes-root",
          "warning",
          "expected a path inside the project root, found "lib/../../requirements.txt" climbing above it",
        ],
      ]
    `);
  });
});
