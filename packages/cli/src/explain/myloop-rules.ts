import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { CodeEntry } from "./entry.js";

/** The JSON documents' rules, then the markdown and run-directory rules: the same bullet form. */
const FILES = ["schemas/myloop/README.md", "schemas/myloop/markdown-rules.md"];
const SEVERITY: Record<string, string> = { e: "error", w: "warning", i: "info" };
/** "`a`, `b` (e)": the rule ids a bullet defines and their severity letter. */
const RULE = /((?:`[a-z0-9-]+`(?:,\s*)?)+)\s+\(([ewi])(?:, history)?\)/g;

/**
 * myloop's rules are explained in schemas/myloop/ ("finding code `myloop/<rule-id>`"): read them from
 * there, so the reference page and those files cannot disagree.
 */
export function myloopRuleEntries(root: string): CodeEntry[] {
  return FILES.flatMap((file) => rulesOf(file, readFileSync(join(root, file), "utf8")));
}

function rulesOf(file: string, text: string): CodeEntry[] {
  const entries: CodeEntry[] = [];
  let heading = "";
  for (const item of bullets(text)) {
    if (item.startsWith("#")) {
      heading = item.replace(/^#+\s*/, "");
      continue;
    }
    const matches = [...item.matchAll(RULE)];
    matches.forEach((m, i) => {
      const end = matches[i + 1]?.index ?? item.length;
      const meaning = item.slice((m.index ?? 0) + m[0].length, end).trim();
      for (const id of (m[1] ?? "").match(/[a-z0-9-]+/g) ?? []) {
        entries.push({
          code: `myloop/${id}`,
          family: "myloop rules",
          meaning: meaning === "" ? "see the rules named with it" : meaning,
          source: `${file} § ${heading} (${SEVERITY[m[2] ?? "e"]})`,
          example: `myloop/${id} at the file and line the rule names`,
        });
      }
    });
  }
  return entries;
}

/** Headings and bullet items (with their indented continuation lines joined), in order. */
function bullets(text: string): string[] {
  const out: string[] = [];
  let open = false;
  for (const line of text.split("\n")) {
    if (line.startsWith("#")) out.push(line);
    else if (line.startsWith("- ")) out.push(line.slice(2));
    else if (open && /^\s+\S/.test(line)) out[out.length - 1] += ` ${line.trim()}`;
    open = line.startsWith("- ") || (open && /^\s+\S/.test(line));
  }
  return out;
}
