import type { FileFinding } from "@keel/diagnostics";
import type { ExperienceEntry, HypothesisEntry } from "../generated/types.gen.js";
import { issue } from "../rules/finding.js";
import { check, type MyloopType } from "../rules/index.js";
import { at } from "./read.js";

export interface Lines<T> {
  entries: { line: number; doc: T }[];
  findings: FileFinding[];
}

/** Every line of a JSONL file: one JSON object (`jsonl-line`), schema, then the type's rules. */
export function checkJsonl<T>(file: string, text: string, type: MyloopType): Lines<T> {
  const entries: { line: number; doc: T }[] = [];
  const findings: FileFinding[] = [];
  const raw = text.split("\n");
  if (raw.at(-1) === "") raw.pop();
  raw.forEach((source, i) => {
    const line = i + 1;
    if (source.trim() === "") {
      findings.push(
        at(
          file,
          issue("jsonl-line", "warning", "expected one JSON object per line, found a blank line"),
          line,
        ),
      );
      return;
    }
    let doc: unknown;
    try {
      doc = JSON.parse(source);
    } catch (error) {
      const detail = (error as Error).message.toLowerCase();
      findings.push(
        at(
          file,
          issue("jsonl-line", "error", `expected one JSON object, found invalid JSON: ${detail}`),
          line,
        ),
      );
      return;
    }
    if (doc === null || typeof doc !== "object" || Array.isArray(doc)) {
      findings.push(
        at(
          file,
          issue(
            "jsonl-line",
            "error",
            `expected a JSON object, found ${Array.isArray(doc) ? "an array" : typeof doc}`,
          ),
          line,
        ),
      );
      return;
    }
    const own = check(type, doc).map((f) => at(file, f, line));
    findings.push(...own);
    if (!own.some((f) => f.code.startsWith("schema/"))) entries.push({ line, doc: doc as T });
  });
  return { entries, findings };
}

const iterOf = (label: string): number => Number(label.replace(/^iter_/, ""));

/** File-level rules of experience.jsonl. */
export function experienceFileRules(lines: Lines<ExperienceEntry>, last: number): FileFinding[] {
  const file = "experience.jsonl";
  const found: FileFinding[] = [];
  const ids = new Set<string>();
  const resolved = new Set<string>();
  for (const { line, doc } of lines.entries) {
    if (ids.has(doc.exp_id))
      found.push(
        at(
          file,
          issue(
            "experience-id-unique",
            "error",
            `expected a unique exp_id, found ${doc.exp_id} again`,
            "/exp_id",
          ),
          line,
        ),
      );
    ids.add(doc.exp_id);
    if (iterOf(doc.iter_id) > last + 1) {
      found.push(
        at(
          file,
          issue(
            "experience-iter-window",
            "error",
            `expected iter_id at most iter_${last + 1}, found ${doc.iter_id}`,
            "/iter_id",
          ),
          line,
        ),
      );
    }
    const hyp = doc.resolved_hypothesis;
    if (hyp !== null) {
      if (resolved.has(hyp))
        found.push(
          at(
            file,
            issue(
              "experience-resolved-once",
              "error",
              `expected ${hyp} resolved by one entry, found a second`,
              "/resolved_hypothesis",
            ),
            line,
          ),
        );
      resolved.add(hyp);
    }
  }
  return found;
}

/** File-level rules of hypotheses.jsonl; `resolved` are the hyp ids experience.jsonl closed. */
export function hypothesisFileRules(
  lines: Lines<HypothesisEntry>,
  last: number,
  resolved: ReadonlySet<string>,
): FileFinding[] {
  const file = "hypotheses.jsonl";
  const found: FileFinding[] = [];
  const ids = new Set<string>();
  for (const { line, doc } of lines.entries) {
    if (ids.has(doc.hyp_id))
      found.push(
        at(
          file,
          issue(
            "hypothesis-id-unique",
            "error",
            `expected a unique hyp_id, found ${doc.hyp_id} again`,
            "/hyp_id",
          ),
          line,
        ),
      );
    ids.add(doc.hyp_id);
    if (iterOf(doc.created_iter) > last + 1) {
      found.push(
        at(
          file,
          issue(
            "hypothesis-iter-window",
            "error",
            `expected created_iter at most iter_${last + 1}, found ${doc.created_iter}`,
            "/created_iter",
          ),
          line,
        ),
      );
    }
    if (resolved.has(doc.hyp_id)) {
      found.push(
        at(
          file,
          issue(
            "hypothesis-not-resolved",
            "error",
            `expected ${doc.hyp_id} removed once resolved in experience.jsonl, found it still open`,
            "/hyp_id",
          ),
          line,
        ),
      );
    }
  }
  return found;
}
