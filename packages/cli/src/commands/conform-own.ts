import { readFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { SuiteFlag, SuiteRecording } from "@keel/conformance-runner";
import { UsageError } from "@keel/diagnostics";

/**
 * A suite's own options from what commander left unparsed (`--name VALUE` or `--name=VALUE`), checked
 * against the suite's flags; a default that is a command of an installed package is resolved here, where
 * the package is installed (the runner never imports it). Values are checked by the runner (`readOwn`).
 */
export function ownOptions(
  suite: string,
  flags: readonly SuiteFlag[],
  rest: readonly string[],
): Record<string, string> {
  const own: Record<string, string> = {};
  const known = flags.map((f) => `--${f.name}`).join(", ") || "none of its own";
  for (let i = 0; i < rest.length; i++) {
    const word = rest[i] as string;
    const [, name, inline] = /^--([a-z][a-z0-9-]*)(?:=(.*))?$/s.exec(word) ?? [];
    if (name === undefined || !flags.some((f) => f.name === name))
      throw new UsageError(
        word.startsWith("-")
          ? `expected an option of keel conform or of the ${suite} suite (${known}), found ${word}`
          : `expected options after the suite, found ${word}`,
      );
    const value = inline ?? rest[++i];
    if (value === undefined) throw new UsageError(`expected a value after --${name}`);
    own[name] = value;
  }
  for (const flag of flags)
    if (own[flag.name] === undefined && typeof flag.default === "object")
      own[flag.name] = installedCommand(flag, flag.default);
  return own;
}

/** `node <bin>` of an installed package, quoted for --target-style splitting. */
function installedCommand(flag: SuiteFlag, { package: pkg, bin }: { package: string; bin: string }): string {
  try {
    const manifest = fileURLToPath(import.meta.resolve(`${pkg}/package.json`));
    const bins = (JSON.parse(readFileSync(manifest, "utf8")) as { bin?: Record<string, string> }).bin ?? {};
    const path = bins[bin];
    if (!path) throw new Error(`no bin ${bin}`);
    const file = fileURLToPath(new URL(path, pathToFileURL(manifest)));
    return `${JSON.stringify(process.execPath)} ${JSON.stringify(file)}`;
  } catch {
    throw new UsageError(`expected --${flag.name} (its default, ${bin} of ${pkg}, is not installed)`);
  }
}

/** One line per flag: `--name  description (default …)`. */
export function flagsHelp(flags: readonly SuiteFlag[]): string {
  const width = Math.max(...flags.map((f) => f.name.length)) + 2;
  return flags
    .map((f) => {
      const d = f.default;
      const shown =
        d === undefined
          ? ""
          : typeof d === "object"
            ? ` (default: ${d.bin} of ${d.package})`
            : ` (default ${d})`;
      return `  --${f.name.padEnd(width)} ${f.description}${shown}\n`;
    })
    .join("");
}

/** What `keel record <suite>` takes besides --target and --out, as the suite declares it; nothing for none. */
export function recordingHelp(suite: string, recording: SuiteRecording = {}): string {
  const flags = recording.flags ?? [];
  // ARGS lines up with the flags' descriptions: `--` and the widest name, then two spaces
  const width = Math.max(2, ...flags.map((f) => f.name.length)) + 4;
  const args = recording.args ? `  ${"ARGS".padEnd(width)} ${recording.args}\n` : "";
  if (!flags.length && !args) return "";
  return `\nkeel record ${suite} also takes:\n${flags.length ? flagsHelp(flags) : ""}${args}`;
}
