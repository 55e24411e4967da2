import type { CodeDescription, Finding } from "@keel/diagnostics";
import { at, isRecord, objects, ruleFinding } from "@keel/diagnostics";

// Upstream fixes base_argv[0] = "slipway" and base_argv[1] ∉ {run, protocol} for `command` variants; ajv
// strictTuples cannot say it for an open-ended argv (schemas/slipway/README.md, semantic rule 1).
const forbiddenSubcommands = new Set(["run", "protocol"]);

/** `slipway/command-argv-prefix`: every `next` with `operation: "command"` offers only read-only slipway commands. */
export function commandArgvPrefix(document: unknown): Finding[] {
  const out: Finding[] = [];
  for (const [next, pointer] of objects(document)) {
    if (next.operation !== "command" || !Array.isArray(next.variants) || !("workspace_identity" in next))
      continue;
    for (const [i, variant] of next.variants.entries()) {
      const argv = isRecord(variant) && Array.isArray(variant.base_argv) ? variant.base_argv : undefined;
      if (argv === undefined) continue;
      const p = at(pointer, "variants", i, "base_argv");
      if (argv[0] !== "slipway")
        out.push(
          ruleFinding(
            "slipway/command-argv-prefix",
            at(p, 0),
            `expected a command variant's argv to start with "slipway", found ${JSON.stringify(argv[0])}`,
          ),
        );
      if (forbiddenSubcommands.has(argv[1] as string))
        out.push(
          ruleFinding(
            "slipway/command-argv-prefix",
            at(p, 1),
            `expected a command variant to name a subcommand other than run or protocol, found ${JSON.stringify(argv[1])}`,
          ),
        );
    }
  }
  return out;
}

/** What each code these rules report means (`keel explain`, docs/codes.md). */
export const commandArgvCodes: readonly CodeDescription[] = [
  {
    code: "slipway/command-argv-prefix",
    meaning:
      "in every `next` with `operation: \"command\"`, each variant's argv starts with the command's argv",
    requirements: ["slipway/command-variants-read-only"],
    example: 'expected /next/0/variants/1/argv to start with ["slipway","run"], found ["slipway","go"]',
  },
];
