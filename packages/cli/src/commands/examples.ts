import { ExitCode, type FileFinding, formatLocation, printable } from "@keel/diagnostics";
import {
  checkoutRoot,
  checkRegistry,
  type ExampleResult,
  loadRegistry,
  protocolEntry,
  validateExamples,
} from "@keel/schema-model";
import { type Command, Option } from "commander";
import type { Io } from "../io.js";

interface Options {
  format: "pretty" | "json";
}

/**
 * `keel examples [protocol…]`: check the registry against the files and validate every example in
 * schemas/<protocol>/examples/ against its document type. The repository's self-test for its schemas.
 */
export function registerExamples(program: Command, io: Io, setExit: (code: number) => void): void {
  program
    .command("examples")
    .description("check the schema registry and validate every example under schemas/ against its schema")
    .argument("[protocol...]", "protocols to check (default: all)")
    .addOption(new Option("--format <format>", "output format").choices(["pretty", "json"]).default("pretty"))
    .action((protocols: string[], options: Options) => {
      setExit(runExamples(protocols, options, io));
    });
}

export function runExamples(protocols: string[], options: Options, io: Io): number {
  const root = checkoutRoot(io.cwd, "examples");
  const registry = loadRegistry(root);
  for (const name of protocols) protocolEntry(registry, name);
  const chosen = protocols.length > 0 ? protocols : Object.keys(registry.protocols);
  const registryFindings = checkRegistry(root, registry).filter(
    (f) => chosen.some((p) => f.file.startsWith(`schemas/${p}`)) || protocols.length === 0,
  );
  const results = chosen.flatMap((p) => validateExamples(root, registry, p));
  const failed = registryFindings.length > 0 || results.some((r) => r.findings.length > 0);
  if (options.format === "json") {
    io.out(`${JSON.stringify({ valid: !failed, registry: registryFindings, examples: results }, null, 2)}\n`);
  } else {
    printPretty(chosen, registryFindings, results, io);
  }
  return failed ? ExitCode.Failed : ExitCode.Ok;
}

function printPretty(
  protocols: string[],
  registryFindings: FileFinding[],
  results: ExampleResult[],
  io: Io,
): void {
  // a registry problem under schemas/<protocol>/ fails that protocol's line; the rest get their own
  const owner = (f: FileFinding) => protocols.find((p) => f.file.startsWith(`schemas/${p}/`));
  const general = registryFindings.filter((f) => owner(f) === undefined);
  if (general.length > 0) {
    io.out(`FAIL registry  ${general.length} problem${general.length === 1 ? "" : "s"}\n`);
    for (const f of general) io.out(line(f));
  }
  for (const protocol of protocols) {
    const mine = results.filter((r) => r.protocol === protocol);
    const documents = mine.reduce((n, r) => n + r.documents, 0);
    const bad = mine.filter((r) => r.findings.length > 0);
    const registry = registryFindings.filter((f) => owner(f) === protocol);
    const status = bad.length === 0 && registry.length === 0 ? "ok  " : "FAIL";
    const problems =
      registry.length > 0 ? `, ${registry.length} registry problem${registry.length === 1 ? "" : "s"}` : "";
    io.out(
      `${status} ${protocol.padEnd(8)} ${mine.length} example files, ${documents} documents, ${bad.length} invalid${problems}\n`,
    );
    for (const f of registry) io.out(line(f));
    for (const r of bad) for (const f of r.findings) io.out(line(f));
  }
}

const line = (f: FileFinding): string => {
  const at =
    f.line === undefined
      ? undefined
      : { line: f.line, ...(f.column === undefined ? {} : { column: f.column }) };
  return `  ${formatLocation(f.file, at)} ${f.code} ${printable(f.message)}${f.pointer ? ` (at ${printable(f.pointer)})` : ""}\n`;
};
