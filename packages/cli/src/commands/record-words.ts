import type { SuiteRecording } from "@keel/conformance-runner";
import { UsageError } from "@keel/diagnostics";

/**
 * The words after `keel record <suite>` that commander left (keel's own options taken out), split by
 * what the suite's recording takes (`Suite.recording`): its own options (`--name VALUE`, `--name=VALUE`),
 * then the implementation's arguments. For a suite that takes arguments, the first word that is not an
 * option of its recording — an unknown `--x` included — and every word after it are arguments, in order;
 * `--` starts them explicitly. A suite without arguments refuses any other word.
 */
export function splitRecordWords(
  suite: string,
  recording: SuiteRecording = {},
  words: readonly string[],
): { own: Record<string, string>; args: string[] } {
  const flags = recording.flags ?? [];
  const own: Record<string, string> = {};
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as string;
    if (word === "--" && recording.args) return { own, args: words.slice(i + 1) };
    const [, name, inline] = /^--([a-z][a-z0-9-]*)(?:=(.*))?$/s.exec(word) ?? [];
    if (name !== undefined && flags.some((f) => f.name === name)) {
      const value = inline ?? words[++i];
      if (value === undefined) throw new UsageError(`expected a value after --${name}`);
      own[name] = value;
      continue;
    }
    if (recording.args) return { own, args: words.slice(i) };
    const known = flags.map((f) => `--${f.name}`).join(", ") || "none of its own";
    throw new UsageError(
      word.startsWith("-")
        ? `expected an option of keel record or of the ${suite} suite's recording (${known}), found ${word}`
        : `expected no arguments to record from the ${suite} suite, found ${word}`,
    );
  }
  return { own, args: [] };
}
