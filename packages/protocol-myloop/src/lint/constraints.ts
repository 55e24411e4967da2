import type { FileFinding } from "@keel/diagnostics";
import { issue } from "../rules/finding.js";
import { bullets, heading, mdLines } from "./markdown.js";
import { at } from "./read.js";

const FILE = "constraints.md";
const LAYER = /^--- from \S(.*\S)? ---$/;
const MODAL = /^(\*\*|__|\*|_)?MUST\b/;

/** constraints.md (markdown-rules § 3); an absent file is no finding (`constraints-optional`). */
export function lintConstraints(text: string): FileFinding[] {
  const lines = mdLines(text);
  const found: FileFinding[] = [];
  const first = lines.find((l) => l.text.trim() !== "");
  const h2 = first === undefined ? undefined : heading(first.text, 2);
  if (heading(first?.text ?? "", 1) !== "Constraints" && !(h2 !== undefined && LAYER.test(h2))) {
    found.push(
      at(
        FILE,
        issue(
          "constraints-title",
          "warning",
          `expected "# Constraints" or a layer header "## --- from <source> ---" first, found ${first ? `"${first.text.slice(0, 40)}"` : "an empty file"}`,
        ),
        first?.line ?? 1,
      ),
    );
  }
  for (const l of lines) {
    const h = heading(l.text, 2);
    if (h?.startsWith("---") && !LAYER.test(h)) {
      found.push(
        at(
          FILE,
          issue(
            "constraints-layer-header",
            "error",
            `expected a layer header "## --- from <source> ---", found "## ${h}"`,
          ),
          l.line,
        ),
      );
    }
  }
  const list = bullets(lines);
  if (list.length === 0) {
    const what = first === undefined ? "an empty file" : "none";
    found.push(
      at(
        FILE,
        issue("constraints-nonempty", "warning", `expected at least one constraint bullet, found ${what}`),
        1,
      ),
    );
  }
  for (const b of list) {
    if (!MODAL.test(b.text)) {
      found.push(
        at(
          FILE,
          issue(
            "constraints-modal",
            "warning",
            `expected the bullet to start with MUST or MUST NOT, found "${b.text.slice(0, 40)}"`,
          ),
          b.line,
        ),
      );
    }
    if (b.section === undefined) {
      found.push(
        at(
          FILE,
          issue(
            "constraints-grouped",
            "warning",
            "expected every bullet under a ## group or layer header, found one before any",
          ),
          b.line,
        ),
      );
    }
  }
  return found;
}
