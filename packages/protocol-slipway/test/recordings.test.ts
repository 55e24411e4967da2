import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { check, registryEntry, type SlipwayDocumentType } from "../src/index.js";

// The real slipway CLI's recorded session (../shared/peers/slipway/recordings: one step per
// NN-name.{argv,stdout,stderr,rc}) against the registry's facts.commands: every successful step's
// stdout is the document type its command answers with, every failure a cli_error on stderr.
const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
const shared = process.env.KEEL_SHARED ?? join(root, "..", "shared");
const dir = join(shared, "peers", "slipway", "recordings");
const facts = registryEntry.facts.commands;
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

type Command = (typeof facts.list)[number];

/** The facts entry for one recorded argv: the longest matching subcommand, then its `select`. */
function commandFor(argv: string[]): Command | undefined {
  const words = argv.slice(1);
  const matches = facts.list.filter((c) => c.argv.every((w, i) => words[i] === w));
  const longest = Math.max(...matches.map((c) => c.argv.length));
  return matches
    .filter((c) => c.argv.length === longest)
    .find((c) => {
      const select: { flags?: readonly string[]; absentFlags?: readonly string[]; runId?: boolean } =
        "select" in c ? c.select : {};
      const rest = words.slice(c.argv.length);
      const runId = rest.some((w, i) => uuid.test(w) && !["--run", "--action"].includes(rest[i - 1] ?? ""));
      return (
        (select.flags ?? []).every((f) => rest.includes(f)) &&
        (select.absentFlags ?? []).every((f) => !rest.includes(f)) &&
        (select.runId === undefined || select.runId === runId)
      );
    });
}

const steps = existsSync(dir)
  ? readdirSync(dir)
      .filter((f) => f.endsWith(".argv"))
      .map((f) => f.slice(0, -".argv".length))
  : [];

describe.skipIf(steps.length === 0)("slipway recordings against facts.commands", () => {
  it.each(steps)("%s", (step) => {
    const read = (ext: string) => readFileSync(join(dir, `${step}.${ext}`), "utf8");
    const argv = read("argv")
      .split("\n")
      .filter((w) => w !== "");
    const rc = Number(read("rc").trim());
    expect(argv[0]).toBe(facts.program);
    if (rc === facts.success.exitCode) {
      const command = commandFor(argv);
      expect(command, `no facts.commands entry for ${argv.join(" ")}`).toBeDefined();
      const type = command?.stdout as SlipwayDocumentType;
      expect(check(type, JSON.parse(read("stdout"))).findings).toEqual([]);
    } else {
      expect(facts.error.exitCodes).toContain(rc);
      expect(read("stdout")).toBe("");
      const error = JSON.parse(read("stderr"));
      expect(check(facts.error.documentType as SlipwayDocumentType, error).findings).toEqual([]);
      expect(registryEntry.facts.errorCodes).toContain(error.code);
    }
  });
});
