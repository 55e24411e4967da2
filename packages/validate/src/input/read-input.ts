import { resolve } from "node:path";
import type { Finding } from "@keel/diagnostics";
import { fileKindOf } from "@keel/schema-model";
import { stripBom } from "./bom.js";
import { chunksOf } from "./byte-source.js";
import { streamLines } from "./json-lines.js";
import { DEFAULT_MAX_DOCUMENT_BYTES, tooLarge } from "./limits.js";
import { openFile, readBounded } from "./open-file.js";
import type { Input, StdinFormat } from "./raw-document.js";
import { readStdin } from "./stdin.js";
import { decode } from "./utf8.js";
import { readYamlDocument } from "./yaml-document.js";

/**
 * A file (or `-`, stdin) split into documents. A missing or unreadable file throws (a usage error, exit 2);
 * anything wrong inside it is a finding on the document it concerns, so the other lines of a JSON Lines
 * file are still validated. A document (a line) longer than `limit` bytes is a `validate/too-large` finding.
 */
export function readInput(
  file: string,
  cwd: string,
  stdinFormat?: StdinFormat,
  limit = DEFAULT_MAX_DOCUMENT_BYTES,
): Input {
  const notes: Finding[] = [];
  if (file === "-") return readStdin(stdinFormat, notes, limit);
  const path = resolve(cwd, file);
  const kind = fileKindOf(path) ?? "json";
  if (kind === "yaml") return { kind, documents: [readYamlDocument(path, file, limit)], notes };
  if (kind === "jsonl")
    return {
      kind,
      documents: streamLines(chunksOf(openFile(path, file), file, true), notes, true, limit),
      notes,
    };
  const bytes = readBounded(path, file, limit);
  const doc = bytes === undefined ? tooLarge(limit, 1, "document") : decode(stripBom(bytes, notes), 1);
  return { kind: "json", documents: [doc], notes };
}
