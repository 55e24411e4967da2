import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import type { CompatReport } from "@keel/compat";
import type { FileFinding } from "@keel/diagnostics";
import { locatePointers, protocolDir, releasedDir } from "@keel/schema-model";

/**
 * Compat findings as file findings for `--format github|sarif`: each in the newer schema file, at its
 * change's line:column when that file is on disk (working tree, a release, or the `--to` file's folder).
 */
export function compatFileFindings(
  reports: readonly CompatReport[],
  root: string | undefined,
  cwd: string,
): FileFinding[] {
  return reports.flatMap((report) => {
    const folder = newerFolder(report, root, cwd);
    return report.findings.map((f) => {
      const path = folder === undefined ? f.file : join(folder, f.file);
      const at = existsSync(path)
        ? locatePointers(readFileSync(path, "utf8"), [f.pointer]).get(f.pointer)
        : undefined;
      const { rule: _rule, effects: _effects, requires: _requires, fromPointer: _from, ...finding } = f;
      return {
        ...finding,
        file: relative(cwd, path) || path,
        ...(at ? { line: at.line, column: at.column } : {}),
      };
    });
  });
}

function newerFolder(report: CompatReport, root: string | undefined, cwd: string): string | undefined {
  if (report.protocol === null) return dirname(resolve(cwd, report.to));
  if (root === undefined) return undefined;
  if (report.to === "working") return protocolDir(root, report.protocol);
  const released = releasedDir(root, report.protocol, report.to);
  return existsSync(released) ? released : undefined;
}
