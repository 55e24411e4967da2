import { ExitCode, UsageError } from "@keel/diagnostics";
import { checkoutRoot, loadRegistry } from "@keel/schema-model";
import type { Command } from "commander";
import type { Io } from "../io.js";
import { typeOption } from "./new.js";

interface Options {
  add: string[];
  remove: string[];
  gen: boolean;
}

const collect = (value: string, all: string[]): string[] => [...all, value];

/** `keel types <protocol> --add name=#/pointer --remove name`: a protocol's document types after `keel new`. */
export function registerTypes(program: Command, io: Io, setExit: (code: number) => void): void {
  program
    .command("types")
    .description("add or remove a protocol's document types (after keel new), then regenerate its package")
    .argument("<protocol>", "a protocol of schemas/registry.json")
    .option("--add <name=#/pointer>", "a document type and its schema entry point, repeatable", collect, [])
    .option("--remove <name>", "a document type to drop, repeatable", collect, [])
    .option("--no-gen", "do not run `keel gen <protocol>` afterwards")
    .action(async (protocol: string, o: Options) => {
      if (o.add.length === 0 && o.remove.length === 0)
        throw new UsageError("expected --add <name>=#/<pointer> or --remove <name>, found neither");
      const { editDocumentTypes } = await import("@keel/codegen");
      const root = checkoutRoot(io.cwd, "types");
      const result = editDocumentTypes(
        root,
        loadRegistry(root),
        protocol,
        Object.fromEntries(o.add.map(typeOption)),
        o.remove,
      );
      const lines = [
        `keel types: ${protocol}${result.added.map((t) => ` +${t}`).join("")}${result.removed.map((t) => ` -${t}`).join("")}`,
        ...result.written.map((w) => `  ${w.startsWith("removed ") ? w : `wrote ${w}`}`),
        ...result.withoutExample.map(
          (t) => `  no example of ${t} could be synthesised: write one in schemas/${protocol}/examples/${t}/`,
        ),
      ];
      if (o.gen) {
        const gen = program.commands.find((c) => c.name() === "gen");
        await gen?.parseAsync([protocol, "--report-to-stderr"], { from: "user" });
        lines.push(`  ran keel gen ${protocol}`);
      }
      io.out(`${lines.join("\n")}\n`);
      setExit(ExitCode.Ok);
    });
}
