import { registryEntry } from "../generated/constants.gen.js";
import type { SlipwayDocumentType } from "./index.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The document type a successful slipway call prints on stdout, from the registry's facts.commands: the
 * entry with the longest matching command words (argv without the program name), then its `select`
 * (flags present or absent, a run id operand). Undefined for a command the facts do not know.
 */
export function stdoutType(argv: readonly string[]): SlipwayDocumentType | undefined {
  const commands = registryEntry.facts.commands.list;
  const matching = commands.filter((c) => c.argv.every((w, i) => argv[i] === w));
  const longest = Math.max(...matching.map((c) => c.argv.length));
  const found = matching
    .filter((c) => c.argv.length === longest)
    .find((c) => {
      const select: { flags?: readonly string[]; absentFlags?: readonly string[]; runId?: boolean } =
        "select" in c ? c.select : {};
      const rest = argv.slice(c.argv.length);
      const runId = rest.some((w, i) => UUID.test(w) && !["--run", "--action"].includes(rest[i - 1] ?? ""));
      return (
        (select.flags ?? []).every((f) => rest.includes(f)) &&
        (select.absentFlags ?? []).every((f) => !rest.includes(f)) &&
        (select.runId === undefined || select.runId === runId)
      );
    });
  return found?.stdout as SlipwayDocumentType | undefined;
}
