import { usage } from "./errors.js";

/**
 * Flags as the real CLI takes them: `--flag value` or `--flag=value`, booleans bare, positionals
 * anywhere, `--` ends the flags (everything after it is positional: the goal of `run`).
 */
export interface Parsed {
  flags: Map<string, string | true>;
  positionals: string[];
  /** the words after `--` */
  rest: string[] | undefined;
}

export function parseArgs(
  words: readonly string[],
  valued: readonly string[],
  booleans: readonly string[],
  command: string,
): Parsed {
  const flags = new Map<string, string | true>();
  const positionals: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as string;
    if (w === "--") return { flags, positionals, rest: words.slice(i + 1) };
    if (!w.startsWith("--")) {
      positionals.push(w);
      continue;
    }
    const eq = w.indexOf("=");
    const name = eq === -1 ? w.slice(2) : w.slice(2, eq);
    if (flags.has(name)) throw usage(`${command}: flag --${name} given twice`);
    if (booleans.includes(name)) {
      if (eq !== -1) throw usage(`${command}: flag --${name} takes no value`);
      flags.set(name, true);
    } else if (valued.includes(name)) {
      const value = eq === -1 ? words[++i] : w.slice(eq + 1);
      if (value === undefined || value === "") throw usage(`${command}: flag --${name} needs a value`);
      flags.set(name, value);
    } else throw usage(`${command}: unknown flag --${name}`);
  }
  return { flags, positionals, rest: undefined };
}

export const str = (p: Parsed, name: string): string | undefined => {
  const v = p.flags.get(name);
  return typeof v === "string" ? v : undefined;
};

export function required(p: Parsed, name: string, command: string): string {
  const v = str(p, name);
  if (v === undefined) throw usage(`${command}: flag --${name} is required`);
  return v;
}

/** `--budget N`: an integer 1..1000 (the schema's budget pattern); anything else is `invalid_budget`. */
export function budget(text: string): number {
  if (!/^([1-9][0-9]{0,2}|1000)$/.test(text))
    throw usage(
      `invalid budget ${JSON.stringify(text)}: expected an integer from 1 to 1000`,
      "invalid_budget",
    );
  return Number(text);
}
