import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { type Engine, type Finding, UsageError } from "@keel/diagnostics";
import { findRoot, loadRegistry, protocolEntry } from "@keel/schema-model";
import { checkOne } from "./check/check-file.js";
import type { ProtocolContext } from "./check/context.js";
import { strictly } from "./check/file-result.js";
import { makeCheck } from "./check/make-check.js";
import { loadProtocol } from "./check/protocols.js";
import { refuseStale } from "./check/stale.js";
import { asyncLines } from "./input/async-lines.js";

export interface ValidateLinesOptions {
  /** document type (registry name); detected from each line when left out */
  type?: string;
  /** "ajv" (default) or "zod" */
  engine?: Engine;
  /** every warning is an error (`--strict`) */
  strict?: boolean;
  /** the bound on one line in bytes (default 64 MiB): a longer one is a `validate/too-large` finding and ends the stream */
  maxDocumentBytes?: number;
  /** where the keel repository (schemas/registry.json) is found from; default: $KEEL_ROOT, else this package's */
  root?: string;
}

/** A finding of one line: where it is (line:column in the stream) and the source line with a caret. */
export interface LineFinding extends Finding {
  line: number;
  column: number;
  frame: string;
}

/**
 * `keel validate` as a library call: every line of a JSON Lines stream checked against `protocol` (schema,
 * semantic rules, duplicate keys), its findings yielded as they are found, in stream order. Memory stays
 * bounded by the longest line. Throws a KeelError (UsageError) before reading for an unknown protocol or
 * type, or validators older than the working schemas; everything wrong inside the stream is a finding.
 */
export async function* validateLines(
  stream: AsyncIterable<Uint8Array | string>,
  protocol: string,
  options: ValidateLinesOptions = {},
): AsyncGenerator<LineFinding> {
  const root = options.root ?? findRoot(dirname(fileURLToPath(import.meta.url)));
  const ctx: ProtocolContext = { root, registry: loadRegistry(root), protocol };
  const types = Object.keys(protocolEntry(ctx.registry, protocol).documentTypes);
  const module = await loadProtocol(protocol, options.engine ?? "ajv");
  refuseStale(root, protocol);
  if (options.type !== undefined && !Object.hasOwn(module.documentTypes, options.type))
    throw new UsageError(
      `expected a ${protocol} document type (${types.join(", ")}), found "${options.type}"`,
    );
  const strict = options.strict === true;
  const check = makeCheck(ctx, module, {
    engine: options.engine ?? "ajv",
    ...(options.type !== undefined ? { type: options.type } : {}),
  });
  // `--strict` here as where a file's results are gathered (file-result.ts): once, on what is yielded
  const promote = strict ? strictly : (f: Finding) => f;
  const notes: Finding[] = [];
  for await (const lines of asyncLines(stream, notes, options.maxDocumentBytes))
    for (const doc of lines) {
      const result = checkOne(doc, "jsonl", check);
      for (const [i, f] of result.findings.entries())
        yield {
          ...promote(f),
          line: f.line ?? doc.line,
          column: f.column ?? 1,
          frame: result.frames[i] ?? "",
        };
    }
  for (const note of notes)
    yield { ...promote(note), line: note.line ?? 1, column: note.column ?? 1, frame: "" };
}
