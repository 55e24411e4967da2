import type { Finding } from "@keel/diagnostics";

/** One document of an input file, before parsing: its text, or (YAML) its value, or why it has neither. */
export interface RawDocument {
  /** 1-based line the document starts on */
  line: number;
  text?: string;
  value?: unknown;
  /** the YAML source `value` was read from: findings are located in it */
  yaml?: string;
  /** set when the document cannot be read (invalid UTF-8, YAML syntax) */
  failure?: Finding;
}

export interface Input {
  kind: "json" | "jsonl" | "yaml";
  /** read lazily: a JSON Lines file is streamed in chunks, so memory stays bounded by its longest line */
  documents: Iterable<RawDocument>;
  /** findings about the file as a whole (a byte order mark); complete once `documents` is consumed */
  notes: Finding[];
}

/** How `-` is read: one JSON document, JSON Lines, or (undefined) told from its first non-blank line. */
export type StdinFormat = "json" | "jsonl";
