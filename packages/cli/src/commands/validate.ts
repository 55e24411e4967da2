import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import {
  type Engine,
  ExitCode,
  type FileFinding,
  formatLocation,
  UsageError,
  type ValidationResult,
} from "@keel/diagnostics";
import {
  findRoot,
  loadRegistry,
  parseDocuments,
  protocolEntry,
  readDocuments,
  SchemaLoadError,
  type SourceDocument,
} from "@keel/schema-model";
import { type Command, Option } from "commander";
import type { Io } from "../io.js";
import { checkDocument, protocolApis } from "../protocols.js";

interface Options {
  type?: string;
  engine: Engine;
  format: "pretty" | "json";
}

interface FileResult {
  file: string;
  documents: number;
  invalid: number;
  findings: FileFinding[];
}

/** `keel validate <protocol> [--type T] [--engine ajv|zod] [--format pretty|json] <file…|->`. */
export function registerValidate(program: Command, io: Io, setExit: (code: number) => void): void {
  program
    .command("validate")
    .description(
      "validate documents against a protocol's canonical schema (.json, .jsonl/.ndjson one per line, .yaml, - for stdin)",
    )
    .argument("<protocol>", "myrmo, atif, mira, slipway or myloop")
    .argument("<file...>", "files to validate, or - for stdin (read as JSON Lines)")
    .option("--type <type>", "document type (registry name); needed when the protocol has several")
    .addOption(new Option("--engine <engine>", "validation engine").choices(["ajv", "zod"]).default("ajv"))
    .addOption(new Option("--format <format>", "output format").choices(["pretty", "json"]).default("pretty"))
    .action((protocol: string, files: string[], options: Options) => {
      setExit(runValidate(protocol, files, options, io));
    });
}

export function runValidate(protocol: string, files: string[], options: Options, io: Io): number {
  const registry = loadRegistry(findRoot(io.cwd));
  const entry = protocolEntry(registry, protocol);
  const type = options.type ?? onlyType(protocol, Object.keys(entry.documentTypes));
  const api = protocolApis[protocol]?.[type];
  if (api === undefined)
    throw new UsageError(
      `expected a ${protocol} document type (${Object.keys(entry.documentTypes).join(", ")}), found "${type}"`,
    );
  const results = files.map((file) =>
    validateFile(file, io, (doc) => checkDocument(protocol, type, doc, options.engine)),
  );
  const invalid = results.some((r) => r.invalid > 0);
  if (options.format === "json") {
    io.out(
      `${JSON.stringify({ protocol, type, engine: options.engine, valid: !invalid, files: results }, null, 2)}\n`,
    );
  } else {
    for (const r of results) printPretty(r, io);
  }
  return invalid ? ExitCode.Failed : ExitCode.Ok;
}

function onlyType(protocol: string, types: string[]): string {
  if (types.length === 1) return types[0] as string;
  throw new UsageError(`${protocol} has several document types (${types.join(", ")}); name one with --type`);
}

function validateFile(file: string, io: Io, check: (doc: unknown) => ValidationResult): FileResult {
  let documents: SourceDocument[];
  try {
    documents =
      file === "-"
        ? parseDocuments(readFileSync(0, "utf8"), "<stdin>", "jsonl")
        : readDocuments(resolve(io.cwd, file));
  } catch (error) {
    // a missing file is a usage error (exit 2); a malformed one is an invalid document (exit 1)
    if (!(error instanceof SchemaLoadError) || error.code.startsWith("io/")) throw error;
    const finding: FileFinding = {
      file,
      code: error.code,
      severity: "error",
      message: error.detail,
      pointer: "",
      ...error.at,
    };
    return { file, documents: 0, invalid: 1, findings: [finding] };
  }
  const findings: FileFinding[] = [];
  let invalid = 0;
  for (const doc of documents) {
    const result = check(doc.value);
    if (!result.valid) invalid += 1;
    for (const f of result.findings) findings.push({ ...f, file, line: doc.line });
  }
  return { file, documents: documents.length, invalid, findings };
}

function printPretty(r: FileResult, io: Io): void {
  const status = r.invalid === 0 ? "ok  " : "FAIL";
  io.out(
    `${status} ${r.file}: ${r.documents} document${r.documents === 1 ? "" : "s"}, ${r.invalid} invalid\n`,
  );
  for (const f of r.findings) {
    const at =
      f.line === undefined
        ? undefined
        : { line: f.line, ...(f.column === undefined ? {} : { column: f.column }) };
    io.out(
      `  ${formatLocation(f.file, at)} ${f.code} ${f.message}${f.pointer ? ` (at ${f.pointer})` : ""}\n`,
    );
  }
}
