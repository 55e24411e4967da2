import type { FileFinding } from "@keel/diagnostics";
import { issue } from "../rules/finding.js";
import { type Bullet, bullets, heading, mdLines } from "./markdown.js";
import { at } from "./read.js";

const FILE = "knowledge.md";
const PROVENANCE = /\(added: (bootstrap|iter_(0|[1-9][0-9]*))\)$/;

export interface Knowledge {
  sections: Set<string>;
  bullets: Bullet[];
}

export function readKnowledge(text: string): Knowledge {
  const lines = mdLines(text);
  const sections = new Set(lines.flatMap((l) => heading(l.text, 2) ?? []));
  return { sections, bullets: bullets(lines) };
}

/** knowledge.md rules (markdown-rules § 2) that need no history. */
export function lintKnowledge(text: string, last: number): FileFinding[] {
  const lines = mdLines(text);
  const found: FileFinding[] = [];
  const h1 = lines.filter((l) => heading(l.text, 1) !== undefined);
  if (h1.length !== 1 || heading(h1[0]?.text ?? "", 1) !== "Knowledge") {
    found.push(
      at(
        FILE,
        issue("knowledge-title", "error", `expected one "# Knowledge" title, found ${h1.length} h1`),
        h1[1]?.line ?? 1,
      ),
    );
  }
  const seen = new Set<string>();
  for (const l of lines) {
    const h2 = heading(l.text, 2);
    if (h2 === undefined) continue;
    if (seen.has(h2))
      found.push(
        at(
          FILE,
          issue("knowledge-sections", "warning", `expected unique sections, found "## ${h2}" again`),
          l.line,
        ),
      );
    seen.add(h2);
  }
  for (const b of bullets(lines)) {
    if (b.section === undefined) {
      found.push(
        at(
          FILE,
          issue(
            "knowledge-sections",
            "error",
            "expected every bullet under a ## section, found one before any",
          ),
          b.line,
        ),
      );
    }
    const m = PROVENANCE.exec(b.text);
    if (!m) {
      const tail = b.text.slice(-40);
      found.push(
        at(
          FILE,
          issue(
            "knowledge-bullet-provenance",
            "error",
            `expected the bullet to end with (added: bootstrap) or (added: iter_N), found "…${tail}"`,
          ),
          b.line,
        ),
      );
    } else if (m[2] !== undefined && Number(m[2]) > last + 1) {
      found.push(
        at(
          FILE,
          issue(
            "knowledge-added-window",
            "error",
            `expected (added: iter_N) with N ≤ ${last + 1}, found iter_${m[2]}`,
          ),
          b.line,
        ),
      );
    }
  }
  return found;
}
