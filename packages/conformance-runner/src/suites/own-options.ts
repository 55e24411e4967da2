import { ConformError } from "../conform-error.js";
import type { OwnValues, Suite, SuiteFlag } from "./suite.js";

/** What a caller gives for a suite's own options, by flag name: text (the CLI) or already typed. */
export type GivenOwn = Readonly<Record<string, string | number | readonly string[]>>;

/**
 * Reads the options only `suite` takes (`Suite.flags`): each value checked against its kind, the
 * literal defaults filled in. An option the suite does not declare is refused with the ones it does.
 */
export function readOwn(suite: Pick<Suite, "name" | "flags">, given: GivenOwn = {}): OwnValues {
  return readFlags(`the ${suite.name} suite`, suite.flags ?? [], given);
}

/** The same for the options `keel record <suite>` takes (`Suite.recording.flags`). */
export function readRecordingOwn(suite: Pick<Suite, "name" | "recording">, given: GivenOwn = {}): OwnValues {
  return readFlags(`keel record ${suite.name}`, suite.recording?.flags ?? [], given);
}

function readFlags(owner: string, flags: readonly SuiteFlag[], given: GivenOwn): OwnValues {
  const out: Record<string, string | number | readonly string[]> = {};
  for (const name of Object.keys(given)) {
    if (flags.some((f) => f.name === name)) continue;
    const known = flags.map((f) => `--${f.name}`).join(", ") || "none of its own";
    throw new ConformError(
      "conform/unknown-option",
      `expected an option of ${owner} (${known}), found --${name}`,
    );
  }
  for (const flag of flags) {
    const value = given[flag.name] ?? (typeof flag.default === "object" ? undefined : flag.default);
    if (value !== undefined) out[flag.name] = checkedValue(flag, value);
  }
  return out;
}

function checkedValue(
  flag: SuiteFlag,
  value: string | number | readonly string[],
): string | number | readonly string[] {
  if (flag.kind === "names")
    return typeof value === "object"
      ? value
      : String(value)
          .split(",")
          .map((s) => s.trim());
  if (flag.kind === "text") return String(value);
  const n = Number(value);
  const [least, most, what] =
    flag.kind === "port" ? [0, 65535, "a port (0 to 65535)"] : [1, Infinity, "a positive integer"];
  if (typeof value === "object" || value === "" || !Number.isInteger(n) || n < least || n > most)
    throw new ConformError(
      "conform/bad-option",
      `expected --${flag.name} to be ${what}, found ${String(value)}`,
    );
  return n;
}
