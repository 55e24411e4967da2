import { resolve } from "node:path";
import type { Finding } from "@keel/diagnostics";
import { fileKindOf } from "@keel/schema-model";
import { stripBom } from "./bom.js";
import { chunksOf } from "./byte-source.js";
import { streamLines } from "./json-lines.js";
import { openFile, readBytes } from "./open-file.js";
import type { Input, StdinFormat } from "./raw-document.js";
import { readStdin } from "./stdin.js";
import { decode } from "./utf8.js";
import { readYamlDocument } from "./yaml-document.js";

/**
 * A file (or `-`, stdin) split into documents. A missing or unreadable file throws (a usage error, exit 2);
 * anything wrong inside it is a finding on the document it concerns, so the other lines of a JSON Lines
 * file are still validated.
 */
export function readInput(file: string, cwd: string, stdinFormat?: StdinFormat): Input {
  const notes: Finding[] = [];
  if (file === "-") return readStdin(stdinFormat, notes);
  const path = resolve(cwd, file);
  const kind = fileKindOf(path) ?? "json";
  if (kind === "yaml") return { kind, documents: [readYamlDocument(path)], notes };
  if (kind === "jsonl")
    return { kind, documents: streamLines(chunksOf(openFile(path, file), file, true), notes), notes };
  return { kind: "json", documents: [decode(stripBom(readBytes(path, file), notes), 1)], notes };
}
