import { extname } from "node:path";
import { SchemaLoadError } from "./errors.js";
import { parseJsonText, readText, readYaml } from "./read-file.js";
import type { FileKind } from "./registry-types.js";

export interface SourceDocument {
  value: unknown;
  /** 1-based line the document starts on (JSON Lines: its line) */
  line: number;
}

const KINDS: Record<string, FileKind> = {
  ".json": "json",
  ".jsonl": "jsonl",
  ".ndjson": "jsonl",
  ".yaml": "yaml",
  ".yml": "yaml",
  ".md": "markdown",
};

export function fileKindOf(path: string): FileKind | undefined {
  return KINDS[extname(path).toLowerCase()];
}

/** The documents a file holds: one for .json and YAML, one per non-blank line for JSON Lines. */
export function readDocuments(path: string): SourceDocument[] {
  const kind = fileKindOf(path);
  if (kind === "yaml") return [{ value: readYaml(path), line: 1 }];
  return parseDocuments(readText(path), path, kind === "jsonl" ? "jsonl" : "json");
}

/** Parse JSON or JSON Lines text already in memory (stdin); `name` locates errors. */
export function parseDocuments(text: string, name: string, kind: "json" | "jsonl"): SourceDocument[] {
  if (kind === "json") return [{ value: parseJsonText(text, name), line: 1 }];
  const docs: SourceDocument[] = [];
  for (const [i, line] of text.split("\n").entries()) {
    if (line.trim() === "") continue;
    try {
      docs.push({ value: parseJsonText(line, name), line: i + 1 });
    } catch (error) {
      if (!(error instanceof SchemaLoadError)) throw error;
      throw new SchemaLoadError(
        error.code,
        name,
        error.detail,
        { line: i + 1, column: error.at?.column ?? 1 },
        error,
      );
    }
  }
  return docs;
}
