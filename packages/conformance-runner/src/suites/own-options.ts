import { ConformError } from "../conform-error.js";
import type { OwnValues, Suite } from "./suite.js";

/** What a caller gives for a suite's own options, by flag name: text (the CLI) or already typed. */
export type GivenOwn = Readonly<Record<string, string | number | readonly string[]>>;

/**
 * Reads the options only `suite` takes (`Suite.flags`): each value checked against its kind, the
 * literal defaults filled in. An option the suite does not declare is refused with the ones it does.
 */
export function readOwn(suite: Pick<Suite, "name" | "flags">, given: GivenOwn = {}): OwnValues {
  const flags = suite.flags ?? [];
  const out: Record<string, string | number | readonly string[]> = {};
  for (const name of Object.keys(given)) {
    if (flags.some((f) => f.name === name)) continue;
    const known = flags.map((f) => `--${f.name}`).join(", ") || "none of its own";
    throw new ConformError(
      "conform/unknown-option",
      `expected an option of the ${suite.name} suite (${known}), found --${name}`,
    );
  }
  for (const flag of flags) {
    const value = given[flag.name] ?? (typeof flag.default === "object" ? undefined : flag.default);
    if (value === undefined) continue;
    if (flag.kind === "positive") {
      const n = Number(value);
      if (typeof value === "object" || !Number.isInteger(n) || n < 1)
        throw new ConformError(
          "conform/bad-option",
          `expected --${flag.name} to be a positive integer, found ${String(value)}`,
        );
      out[flag.name] = n;
    } else if (flag.kind === "names")
      out[flag.name] =
        typeof value === "object"
          ? value
          : String(value)
              .split(",")
              .map((s) => s.trim());
    else out[flag.name] = String(value);
  }
  return out;
}
