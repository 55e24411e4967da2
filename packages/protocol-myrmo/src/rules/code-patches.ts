import type { CodeDescription, Finding } from "@keel/diagnostics";
import { at, isRecord, type Json, records, ruleFinding } from "@keel/diagnostics";
import { unifiedDiffProblem } from "./unified-diff.js";

function patches(trail: Json): [Json, string][] {
  return isRecord(trail.solution) ? records(trail.solution, "code_patches", "/solution") : [];
}

/** `myrmo/diff-unified`: "code_patches[].diff is a unified diff" (seed, "Constraints worth knowing"). */
export function unifiedDiffs(trail: Json): Finding[] {
  return patches(trail).flatMap(([patch, p]) => {
    const problem = unifiedDiffProblem(typeof patch.diff === "string" ? patch.diff : "");
    return problem === undefined ? [] : [ruleFinding("myrmo/diff-unified", at(p, "diff"), problem)];
  });
}

// The seed rejects paths "starting with /, ~ or a drive letter"; the schema's pattern (upstream's) only
// catches a drive letter followed by a slash, so `C:foo` and backslash-rooted paths are caught here.
const rooted = /^([A-Za-z]:|\\)/;

/** `myrmo/file-path-relative`: a patch path is relative, not drive- or backslash-rooted. */
export function relativeFilePaths(trail: Json): Finding[] {
  return patches(trail).flatMap(([patch, p]) =>
    typeof patch.file_path === "string" && rooted.test(patch.file_path)
      ? [
          ruleFinding(
            "myrmo/file-path-relative",
            at(p, "file_path"),
            `expected a path relative to the project root, found ${JSON.stringify(patch.file_path)}`,
          ),
        ]
      : [],
  );
}

function escapesRoot(path: string): boolean {
  let depth = 0;
  for (const segment of path.split(/[\\/]/)) {
    if (segment === "..") depth -= 1;
    else if (segment !== "." && segment !== "") depth += 1;
    if (depth < 0) return true;
  }
  return false;
}

/**
 * `myrmo/file-path-escapes-root` (warning): the path is "RELATIVE to the project root" (schema description),
 * so `..` segments that climb above it point outside the project. Upstream colonies accept it, hence a warning.
 */
export function pathsInsideRoot(trail: Json): Finding[] {
  return patches(trail).flatMap(([patch, p]) =>
    typeof patch.file_path === "string" && escapesRoot(patch.file_path)
      ? [
          ruleFinding(
            "myrmo/file-path-escapes-root",
            at(p, "file_path"),
            `expected a path inside the project root, found ${JSON.stringify(patch.file_path)} climbing above it`,
            "warning",
          ),
        ]
      : [],
  );
}

/** What each code these rules report means (`keel explain`, docs/codes.md). */
export const codePatchesCodes: readonly CodeDescription[] = [
  {
    code: "myrmo/diff-unified",
    meaning: "`code_patches[].diff` is a unified diff",
    requirements: ["myrmo/diff-unified"],
    example: "expected /solution/code_patches/0/diff to be a unified diff, found no @@ hunk",
  },
  {
    code: "myrmo/file-path-relative",
    meaning: "a patch path is relative, not drive- or backslash-rooted",
    requirements: ["myrmo/file-path-relative"],
    example: 'expected /solution/code_patches/0/file_path to be relative, found "C:\\\\src\\\\a.py"',
  },
  {
    code: "myrmo/file-path-escapes-root",
    meaning:
      "a patch path's `..` segments climb above the project root (warning: upstream colonies accept it)",
    requirements: ["myrmo/file-path-inside-root"],
    example: 'expected /solution/code_patches/0/file_path inside the project, found "../../etc/passwd"',
  },
];
