import type { FileFinding } from "@keel/diagnostics";
import { issue } from "../rules/finding.js";
import { bullets, heading, mdLines } from "./markdown.js";
import { at } from "./read.js";

const FILE = "goal.md";
const REQUIRED = ["Ultimate", "Escalation", "Termination"] as const;
const CLASS = /\(([a-z-]+)\)$/;

/** The level-1 headings found, quoted ("# Objective" at line 1), or why the one there is misplaced. */
function titles(h1: readonly { text: string; line: number }[], firstSection: number | undefined): string {
  if (h1.length === 0) return "no level-1 heading";
  const quoted = h1.map((l) => `${JSON.stringify(l.text.trim())} at line ${l.line}`).join(", ");
  const only = h1[0];
  if (h1.length === 1 && only !== undefined && firstSection !== undefined && only.line > firstSection)
    return `${quoted}, after the first section (line ${firstSection})`;
  return h1.length === 1 ? quoted : `${h1.length} level-1 headings: ${quoted}`;
}

/** goal.md rules (markdown-rules § 1): title, the three sections, non-empty, no placeholders. */
export function lintGoal(text: string | undefined): FileFinding[] {
  if (text === undefined) return [at(FILE, issue("goal-exists", "error", "expected goal.md, found no file"))];
  const lines = mdLines(text);
  const found: FileFinding[] = [];
  const h1 = lines.filter((l) => heading(l.text, 1) !== undefined);
  const firstH2 = lines.find((l) => heading(l.text, 2) !== undefined);
  if (
    h1.length !== 1 ||
    heading(h1[0]?.text ?? "", 1) !== "Goal" ||
    (firstH2 && (h1[0]?.line ?? 0) > firstH2.line)
  ) {
    found.push(
      at(
        FILE,
        issue(
          "goal-title",
          "error",
          `expected exactly one "# Goal" before any section, found ${titles(h1, firstH2?.line)}`,
        ),
        h1[0]?.line ?? 1,
      ),
    );
  }
  const sections = new Map<string, { line: number; body: string[] }[]>();
  let open: { line: number; body: string[] } | undefined;
  for (const l of lines) {
    const h2 = heading(l.text, 2);
    if (h2 !== undefined) {
      open = { line: l.line, body: [] };
      sections.set(h2, [...(sections.get(h2) ?? []), open]);
    } else if (open && heading(l.text, 1) === undefined) open.body.push(l.text);
  }
  for (const name of REQUIRED) {
    const found_ = sections.get(name) ?? [];
    if (found_.length !== 1) {
      found.push(
        at(
          FILE,
          issue("goal-sections", "error", `expected one "## ${name}" section, found ${found_.length}`),
          found_[1]?.line,
        ),
      );
      continue;
    }
    const s = found_[0] as { line: number; body: string[] };
    const content = s.body.join("\n").trim();
    if (content === "") {
      found.push(
        at(
          FILE,
          issue("goal-sections-nonempty", "error", `expected content under "## ${name}", found none`),
          s.line,
        ),
      );
    } else if (/^<[^<>]*>$/.test(content)) {
      found.push(
        at(
          FILE,
          issue(
            "goal-placeholder",
            "error",
            `expected a real ${name.toLowerCase()} text, found the template ${content}`,
          ),
          s.line,
        ),
      );
    }
  }
  const order = REQUIRED.map((n) => sections.get(n)?.[0]?.line ?? 0);
  const [u = 0, e = 0, t = 0] = order;
  if (u > 0 && e > 0 && t > 0 && !(u < e && e < t)) {
    found.push(
      at(
        FILE,
        issue(
          "goal-section-order",
          "warning",
          "expected sections in the order Ultimate, Escalation, Termination",
        ),
      ),
    );
  }
  for (const [name, list] of sections) {
    if (!(REQUIRED as readonly string[]).includes(name)) {
      found.push(
        at(
          FILE,
          issue(
            "goal-extra-section",
            "warning",
            `expected only Ultimate, Escalation and Termination, found "## ${name}"`,
          ),
          list[0]?.line,
        ),
      );
    }
  }
  const termination = bullets(lines).filter((b) => b.section === "Termination");
  const term = sections.get("Termination");
  if (term?.length === 1 && term[0]?.body.join("").trim() !== "" && termination.length === 0) {
    found.push(
      at(
        FILE,
        issue(
          "goal-termination-list",
          "error",
          "expected at least one bullet under ## Termination, found none",
        ),
        term[0]?.line,
      ),
    );
  }
  for (const b of termination) {
    const cls = CLASS.exec(b.text)?.[1];
    if (cls !== undefined && !["goal-achieved", "saturated", "budget"].includes(cls)) {
      found.push(
        at(
          FILE,
          issue(
            "goal-termination-list",
            "warning",
            `expected class goal-achieved, saturated or budget, found (${cls})`,
          ),
          b.line,
        ),
      );
    }
  }
  return found;
}
