import { join } from "node:path";
import type { FileFinding } from "@keel/diagnostics";
import { issue } from "../rules/finding.js";
import { listDirSafe } from "../safe-fs.js";
import { readText } from "./read.js";

// Names `import tools.<name>` cannot use although they look like identifiers.
const KEYWORDS = new Set(
  "False None True and as assert async await break class continue def del elif else except finally for from global if import in is lambda nonlocal not or pass raise return try while with yield".split(
    " ",
  ),
);
const SKIPPABLE = /^\s*(#.*)?$/;
const DOCSTRING = /^[rRuU]?("""|''')/;

/** `tools-module` and `tools-docstring` (markdown-rules § 8): every tools/*.py is an importable, self-describing module. */
export function lintTools(dir: string): FileFinding[] {
  const found: FileFinding[] = [];
  for (const name of listDirSafe(join(dir, "tools"))
    .filter((x) => x.endsWith(".py"))
    .sort()) {
    const file = `tools/${name}`;
    const module = name.slice(0, -3);
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(module) || KEYWORDS.has(module)) {
      found.push({
        ...issue(
          "tools-module",
          "error",
          `expected a python module name (an identifier, not a keyword), found ${name}`,
        ),
        file,
      });
    }
    const lines = (readText(dir, file) ?? "").split("\n");
    // shebang, encoding cookie and comments may precede the docstring; blank lines too
    const first = lines.findIndex((l) => !SKIPPABLE.test(l));
    if (first < 0 || !DOCSTRING.test(lines[first] as string)) {
      found.push({
        ...issue(
          "tools-docstring",
          "warning",
          `expected the file to open with a module docstring (its registry entry), found ${first < 0 ? "no code" : `"${(lines[first] as string).trim().slice(0, 40)}"`}`,
        ),
        file,
        line: first < 0 ? 1 : first + 1,
      });
    }
  }
  return found;
}
