import type { Bump, Compared, CompatReport } from "@keel/compat";
import { ExitCode, githubAnnotations, sarifLog, UsageError } from "@keel/diagnostics";
import { checkoutRoot, findRoot, loadRegistry, protocolEntry } from "@keel/schema-model";
import { type Command, Option } from "commander";
import type { Io } from "../io.js";
import { keelVersion } from "../version.js";
import { compatFileFindings } from "./compat-annotations.js";
import { compatHtml } from "./compat-html.js";
import { outDir, writeOut } from "./out-dir.js";

type Format = "pretty" | "json" | "markdown" | "github" | "sarif" | "html";

interface Options {
  from?: string;
  to?: string;
  bump?: Bump | "auto";
  consumer?: "strict" | "lenient";
  undeclaredNames?: "may-be-sent" | "never-sent";
  format: Format;
  rules?: boolean;
  ref: string[];
  refMap: string[];
  catalog: string[];
  fromRef: string[];
  fromRefMap: string[];
  unresolvedRefs?: "error" | "any";
  witness?: boolean;
  witnessTime?: string;
  witnessedOnly?: boolean;
  maxFindings?: string;
  out?: string;
}

const collect = (value: string, all: string[]): string[] => [...all, value];

/** `keel compat [protocol…]`: classify every change between two schema versions and gate it against a bump. */
export function registerCompat(program: Command, io: Io, setExit: (code: number) => void): void {
  program
    .command("compat")
    .description(
      "classify every change between two schema versions (rule ids, effect on readers) and gate a version bump",
    )
    .argument(
      "[protocol...]",
      "protocols to check (default: all; --from/--to take exactly one, or none to compare two schema files)",
    )
    .option(
      "--from <version>",
      "older side: working, a released version, a schema file, a folder or a git ref (default: latest release)",
    )
    .option("--to <version>", "newer side, same forms (default: working, the working tree)")
    .addOption(
      new Option(
        "--consumer <model>",
        "with two schema files and no protocol: old readers reject unknown properties (strict) or ignore them",
      ).choices(["strict", "lenient"]),
    )
    .addOption(
      new Option(
        "--undeclared-names <fact>",
        "with two schema files: never-sent waives the open-content findings (producers send no undeclared names)",
      ).choices(["may-be-sent", "never-sent"]),
    )
    .addOption(
      new Option(
        "--bump <bump>",
        "gate: exit 1 when a change needs more; auto = registry version vs latest release",
      ).choices(["none", "minor", "major", "auto"]),
    )
    .addOption(
      new Option("--format <format>", "output format")
        .choices(["pretty", "json", "markdown", "github", "sarif", "html"])
        .default("pretty"),
    )
    .option(
      "--out <dir>",
      "write the report to a file here (report.txt, .json, .md, .sarif, .html) instead of stdout",
    )
    .option(
      "--ref <file...>",
      "schema files (or folders of them) that $refs name by absolute URL, each known by its $id",
      (value: string, all: string[]) => [...all, value],
      [],
    )
    .option(
      "--ref-map <prefix=dir>",
      "read a $ref URL starting with PREFIX from DIR (e.g. https://json.schemastore.org/=./refs), repeatable",
      collect,
      [],
    )
    .option(
      "--from-ref <file...>",
      "the older side's own --ref files, when its referenced schemas differ (default: --ref/--ref-map for both)",
      (value: string, all: string[]) => [...all, value],
      [],
    )
    .option("--from-ref-map <prefix=dir>", "the older side's own --ref-map, repeatable", collect, [])
    .option(
      "--catalog <file>",
      "a SchemaStore-shaped catalog.json: each url read from the file beside it",
      collect,
      [],
    )
    .addOption(
      new Option(
        "--unresolved-refs <how>",
        "a $ref no source supplies: error (default) or any (read as {}, accepting anything; noted)",
      ).choices(["error", "any"]),
    )
    .option(
      "--witness",
      "search, for every finding that says a reader breaks, a document that shows it (or label it unwitnessed)",
    )
    .option("--witness-time <ms>", "time to search per finding (default 250; 40 times that in all)")
    .option("--witnessed-only", "with --witness: only witnessed breaks decide the verdict and exit code")
    .option("--max-findings <n>", "print at most n findings after the summary; the rest are counted")
    .option("--rules", "list the rule catalogue (id, effect on each reader, bump per policy) and exit")
    .action(async (protocols: string[], options: Options) => {
      setExit(
        options.rules ? await listRules(options.format, io) : await runCompatCommand(protocols, options, io),
      );
    });
}

export async function runCompatCommand(protocols: string[], options: Options, io: Io): Promise<number> {
  // loaded when the command runs, so other commands do not pay for it at start-up
  const { compareProtocol, renderJson, renderMarkdown, renderPretty } = await import("@keel/compat");
  const witnessing = witnessOptions(options);
  const shown = renderOptions(options);
  if (protocols.length === 0 && options.from !== undefined && options.to !== undefined)
    return runFilesCommand(options, io);
  if (options.consumer !== undefined || options.undeclaredNames !== undefined)
    throw new UsageError(
      "expected --consumer and --undeclared-names only when comparing two schema files (no protocol): a protocol takes them from its registry entry",
    );
  const refFlags = [options.ref, options.refMap, options.catalog, options.fromRef, options.fromRefMap];
  if (refFlags.some((f) => f.length > 0) || options.unresolvedRefs !== undefined)
    throw new UsageError(
      "expected --ref, --ref-map, --catalog and --unresolved-refs only when comparing two schema files (no protocol): a protocol's references are its registry's",
    );
  // both sides released versions or files: the schemas an installed keel ships will do
  const working = [options.from, options.to].some((v) => v === undefined || v === "working");
  const root = working ? checkoutRoot(io.cwd, "compat (over the working schemas)") : findRoot(io.cwd);
  const registry = loadRegistry(root);
  for (const name of protocols) protocolEntry(registry, name);
  const pinned = options.from !== undefined || options.to !== undefined;
  if (pinned && protocols.length !== 1)
    throw new UsageError("expected exactly one protocol with --from or --to");
  const chosen = protocols.length > 0 ? protocols : Object.keys(registry.protocols);
  const reports: CompatReport[] = [];
  const compareds: Compared[] = [];
  for (const protocol of chosen) {
    const compared = compareProtocol({
      root,
      registry,
      protocol,
      cwd: io.cwd,
      from: options.from,
      to: options.to,
      bump: options.bump,
    });
    const report = witnessing === undefined ? compared.report : await witness(compared, witnessing);
    reports.push(report);
    compareds.push({ ...compared, report });
  }
  const single = protocols.length === 1;
  const format = options.format;
  const out = emitter(options, io);
  if (format === "html") await out(compatHtml(await import("@keel/conformance-runner"), compareds));
  else if (format === "github" || format === "sarif") await out(annotations(format, reports, root, io.cwd));
  else
    await out(
      format === "json"
        ? single
          ? renderJson(reports[0] as CompatReport)
          : `${JSON.stringify(reports, null, 2)}\n`
        : reports.map((r) => (format === "markdown" ? renderMarkdown : renderPretty)(r, shown)).join("\n"),
    );
  return reports.some((r) => r.verdict === "breaking") ? ExitCode.Failed : ExitCode.Ok;
}

/** `keel compat --from a.json --to b.json`: two schemas of no protocol, policy from the flags. */
async function runFilesCommand(options: Options, io: Io): Promise<number> {
  const { compareFiles, renderJson, renderMarkdown, renderPretty } = await import("@keel/compat");
  const witnessing = witnessOptions(options);
  if (options.bump === "auto")
    throw new UsageError(
      "expected --bump none, minor or major with two schema files (auto needs a protocol)",
    );
  const compared = compareFiles({
    from: options.from as string,
    to: options.to as string,
    cwd: io.cwd,
    consumer: options.consumer,
    bump: options.bump,
    undeclaredNames: options.undeclaredNames,
    refs: { refs: options.ref, refMap: options.refMap, catalogs: options.catalog },
    ...(options.fromRef.length + options.fromRefMap.length > 0
      ? { fromRefs: { refs: options.fromRef, refMap: options.fromRefMap, catalogs: options.catalog } }
      : {}),
    unresolvedRefs: options.unresolvedRefs,
  });
  const report = witnessing === undefined ? compared.report : await witness(compared, witnessing);
  const shown = renderOptions(options);
  const render = (r: CompatReport) =>
    options.format === "json"
      ? renderJson(r)
      : options.format === "markdown"
        ? renderMarkdown(r, shown)
        : renderPretty(r, shown);
  const format = options.format;
  await emitter(
    options,
    io,
  )(
    format === "html"
      ? compatHtml(await import("@keel/conformance-runner"), [{ ...compared, report }])
      : format === "github" || format === "sarif"
        ? annotations(format, [report], undefined, io.cwd)
        : render(report),
  );
  return report.verdict === "breaking" ? ExitCode.Failed : ExitCode.Ok;
}

/** The changes as GitHub annotations or a SARIF log, each in the newer schema file where it is. */
function annotations(
  format: "github" | "sarif",
  reports: CompatReport[],
  root: string | undefined,
  cwd: string,
) {
  const findings = compatFileFindings(reports, root, cwd);
  return format === "github"
    ? githubAnnotations(findings)
    : sarifLog({ name: "keel", version: keelVersion() }, findings);
}

interface Witnessing {
  perFindingMs?: number;
  witnessedOnly: boolean;
}

function witnessOptions(o: Options): Witnessing | undefined {
  if (o.witness !== true) {
    if (o.witnessTime !== undefined || o.witnessedOnly === true)
      throw new UsageError("expected --witness-time and --witnessed-only only with --witness");
    return undefined;
  }
  const ms = o.witnessTime === undefined ? undefined : positive("--witness-time", o.witnessTime);
  return { ...(ms === undefined ? {} : { perFindingMs: ms }), witnessedOnly: o.witnessedOnly === true };
}

function renderOptions(o: Options): { maxFindings?: number } {
  return o.maxFindings === undefined ? {} : { maxFindings: positive("--max-findings", o.maxFindings, true) };
}

function positive(flag: string, value: string, zero = false): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < (zero ? 0 : 1))
    throw new UsageError(
      `expected ${flag} to be a whole number${zero ? "" : " above 0"}, found ${JSON.stringify(value)}`,
    );
  return n;
}

async function witness(compared: Compared, w: Witnessing): Promise<CompatReport> {
  const { addWitnesses } = await import("@keel/compat");
  return addWitnesses(compared, w);
}

async function listRules(format: Format, io: Io): Promise<number> {
  const { rulesTable } = await import("@keel/compat");
  if (format === "github" || format === "sarif" || format === "html")
    throw new UsageError(`expected --format pretty, json or markdown with --rules, found ${format}`);
  io.out(rulesTable(format));
  return ExitCode.Ok;
}

const FILES: Record<Format, string | undefined> = {
  pretty: "report.txt",
  json: "report.json",
  markdown: "report.md",
  sarif: "report.sarif",
  html: "report.html",
  github: undefined,
};

/** Where a report goes: stdout, or with --out a file in that folder (github's annotations always print). */
function emitter(options: Options, io: Io): (text: string) => Promise<void> {
  const file = FILES[options.format];
  if (options.out === undefined || file === undefined) return async (text) => io.out(text);
  const dir = outDir(io.cwd, options.out);
  return async (text) => {
    const failure = writeOut(dir, [[file, text]]);
    if (failure) throw new UsageError(failure);
  };
}
