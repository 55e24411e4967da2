import { resolve } from "node:path";
import { ExitCode, UsageError } from "@keel/diagnostics";
import { checkoutRoot, loadRegistry, referencedFiles, refResolver } from "@keel/schema-model";
import { type Command, Option } from "commander";
import type { Io } from "../io.js";

interface Options {
  schema: string;
  seed?: string;
  title?: string;
  summary?: string;
  firstVersion?: string;
  consumer?: "strict" | "lenient";
  type: string[];
  release: boolean;
  gen: boolean;
  ref: string[];
  refMap: string[];
  catalog: string[];
  examples?: string;
}

const collect = (value: string, all: string[]): string[] => [...all, value];

/**
 * `keel new <protocol> --schema F`: scaffold a sixth (seventh…) protocol from its schema — registry entry,
 * schemas folder, package and its wiring — then its first release and `keel gen`.
 */
export function registerNew(program: Command, io: Io, setExit: (code: number) => void): void {
  program
    .command("new")
    .description(
      "scaffold a new protocol from its schema: registry entry, schemas folder, package, first release",
    )
    .argument("<protocol>", "the new protocol's name (lowercase letters, digits, -)")
    .requiredOption(
      "--schema <file>",
      "its JSON Schema (draft-04, draft-06, draft-07, 2019-09 or 2020-12), adopted unchanged",
    )
    .option("--seed <file>", "the specification the schema was read from (recorded in the registry)")
    .option("--title <title>", "display name (default: the name in capitals)")
    .option("--summary <text>", "one line: what the protocol is (default: the schema's description)")
    .option(
      "--first-version <version>",
      "1.0, 0.3 or a date (default: a date or version in the file name, path or $id, else 1.0)",
    )
    .addOption(
      new Option(
        "--consumer <model>",
        "readers reject unknown fields (strict) or ignore them (default lenient)",
      ).choices(["strict", "lenient"]),
    )
    .option(
      "--type <name=#/pointer>",
      "a document type and its schema entry point, repeatable (default: chosen from the schema)",
      (value: string, all: string[]) => [...all, value],
      [],
    )
    .option(
      "--ref <file...>",
      "schema files (or folders) its $refs name by absolute URL, each known by its $id",
      (value: string, all: string[]) => [...all, value],
      [],
    )
    .option(
      "--ref-map <prefix=dir>",
      "read a $ref URL starting with PREFIX from DIR, repeatable",
      collect,
      [],
    )
    .option(
      "--catalog <file>",
      "a SchemaStore-shaped catalog.json: each url read from the file beside it",
      collect,
      [],
    )
    .option(
      "--examples <dir>",
      "upstream examples kept per definition (DIR/<Definition>/*.json), each filed under the type it is",
    )
    .option("--no-release", "do not make the first release (keel bump <protocol> --initial later)")
    .option("--no-gen", "do not run `keel gen <protocol>` afterwards")
    .action(async (protocol: string, options: Options) => {
      setExit(await runNew(program, protocol, options, io));
    });
}

async function runNew(program: Command, protocol: string, o: Options, io: Io): Promise<number> {
  const { NewProtocolRollback } = await import("@keel/codegen");
  const root = checkoutRoot(io.cwd, "new");
  // all or nothing: a failure anywhere (scaffold, release, gen) puts the checkout back, so the same
  // command can be run again once the cause is fixed
  const rollback = new NewProtocolRollback(root, protocol);
  try {
    return await scaffoldReleaseGen(program, root, protocol, o, io);
  } catch (error) {
    const undone = rollback.undo();
    if (undone.length > 0)
      io.err(`keel new: ${protocol} not created, nothing kept (undone: ${undone.join(", ")})\n`);
    throw error;
  }
}

async function scaffoldReleaseGen(
  program: Command,
  root: string,
  protocol: string,
  o: Options,
  io: Io,
): Promise<number> {
  const { scaffoldProtocol } = await import("@keel/codegen");
  // every $ref by URL must be supplied offline before anything is written (compat owns this loader)
  const references = referencedFiles(
    resolve(io.cwd, o.schema),
    refResolver({ refs: o.ref, refMap: o.refMap, catalogs: o.catalog }, io.cwd),
  );
  const types = o.type.length === 0 ? undefined : Object.fromEntries(o.type.map(typeOption));
  const result = scaffoldProtocol(root, loadRegistry(root), {
    protocol,
    schema: resolve(io.cwd, o.schema),
    ...(o.seed === undefined ? {} : { seed: resolve(io.cwd, o.seed) }),
    ...(o.title === undefined ? {} : { title: o.title }),
    ...(o.summary === undefined ? {} : { summary: o.summary }),
    ...(o.firstVersion === undefined ? {} : { version: o.firstVersion }),
    ...(o.consumer === undefined ? {} : { consumer: o.consumer }),
    ...(types === undefined ? {} : { types }),
    ...(o.examples === undefined ? {} : { examples: resolve(io.cwd, o.examples) }),
  });
  const lines = [
    `keel new: ${protocol} ${result.version} (from ${result.versionFrom}), ${result.documentTypes.length} document types (${result.documentTypes.join(", ")})`,
    ...result.written.map((w) => `  wrote ${w}`),
    ...references.map((r) => `  $ref ${r.url} read from ${r.path}`),
  ];
  for (const r of result.refusedExamples) lines.push(`  example ${r.from} not taken: ${r.why}`);
  for (const type of result.withoutExample)
    lines.push(
      `  no example of ${type} could be synthesised: write one in schemas/${protocol}/examples/${type}/`,
    );
  if (o.release) {
    const { releaseInitial } = await import("@keel/compat");
    const release = await releaseInitial({ root, registry: loadRegistry(root), protocol });
    lines.push(`  first release ${release.version}: ${release.written.join(", ")}`);
  }
  if (o.gen) {
    const gen = program.commands.find((c) => c.name() === "gen");
    await gen?.parseAsync([protocol, "--report-to-stderr"], { from: "user" });
    lines.push(`  ran keel gen ${protocol}`);
  }
  lines.push(
    `  next: pnpm install (links packages/protocol-${protocol} and adds @keel/${protocol} to pnpm-lock.yaml: commit it), pnpm build, then pnpm keel validate ${protocol} <files>`,
  );
  io.out(`${lines.join("\n")}\n`);
  return ExitCode.Ok;
}

export function typeOption(value: string): [string, string] {
  const m = /^([a-z][a-z0-9_]*)=(#(?:\/.*)?)$/.exec(value);
  if (m === null)
    throw new UsageError(
      `expected --type <name>=#/<pointer> (e.g. message=#/definitions/Message), found ${JSON.stringify(value)}`,
    );
  return [m[1] as string, m[2] as string];
}
