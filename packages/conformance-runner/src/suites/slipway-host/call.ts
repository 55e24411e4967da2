import type { Reply } from "../../channels/served/channel.js";

/** A file an argument named, read by keel while the call waited (the host is blocked on it). */
export interface NamedFile {
  /** the path resolved against the call's cwd */
  path: string;
  bytes: Buffer;
  /** permission bits (`st.mode & 0o777`) */
  mode: number;
  symlink: boolean;
}

/** What keel answered a call with, and how. */
export interface Answered extends Reply {
  /** the staging that produced or changed this answer; absent when the backing slipway's answer went back as is */
  staged?: string;
}

/** One `slipway` call of the host, as keel recorded it at the moment of the call. */
export interface HostCall {
  /** 1-based position in the scenario */
  n: number;
  /** the arguments after the program name */
  argv: string[];
  cwd: string;
  /** the variables a slipway run relies on: PATH, SLIPWAY, HOME, GIT_* and SLIPWAY_* */
  env: Record<string, string>;
  stdin: string;
  /** every regular file an argument names, by the argument */
  files: Record<string, NamedFile>;
  /** paths git reported changed in the workspace when the call arrived (submits only) */
  dirty?: string[];
  answer: Answered;
  at: number;
}

/** The command a call runs: `run`, `list`, `protocol submit`, … (the first word, or two for `protocol`). */
export function commandOf(argv: readonly string[]): string {
  const [first = "", second = ""] = argv;
  return first === "protocol" ? `protocol ${second}` : first;
}

/** The value of `--name` in argv (`--name value` or `--name=value`). */
export function flag(argv: readonly string[], name: string): string | undefined {
  for (let i = 0; i < argv.length; i++) {
    const w = argv[i] as string;
    if (w === "--") return undefined;
    if (w === `--${name}`) return argv[i + 1];
    if (w.startsWith(`--${name}=`)) return w.slice(name.length + 3);
  }
  return undefined;
}

export const hasFlag = (argv: readonly string[], name: string): boolean =>
  argv.slice(0, argv.includes("--") ? argv.indexOf("--") : argv.length).includes(`--${name}`);

const MUTATIONS = new Set([
  "run",
  "protocol submit",
  "protocol skip",
  "protocol resume",
  "protocol answer",
  "stop",
]);
export const isMutation = (c: HostCall): boolean => MUTATIONS.has(commandOf(c.argv));

/** The outcome bytes a submit carried (its file or its stdin), as text. */
export function outcomeText(c: HostCall): string | undefined {
  if (commandOf(c.argv) !== "protocol submit") return undefined;
  if (hasFlag(c.argv, "outcome-stdin")) return c.stdin;
  const file = flag(c.argv, "outcome-file");
  return file === undefined ? undefined : c.files[file]?.bytes.toString("utf8");
}

/** The JSON document the host received: stdout on exit 0, the stderr error otherwise; undefined when unreadable. */
export function answerDocument(a: Answered): Record<string, unknown> | undefined {
  if (a.signal) return undefined;
  const text = (a.exit ?? 0) === 0 ? a.stdout : a.stderr;
  try {
    const doc: unknown = JSON.parse(text ?? "");
    return doc && typeof doc === "object" && !Array.isArray(doc)
      ? (doc as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
