import { relative } from "node:path";
import { commandOf, flag, type HostCall, hasFlag } from "./call.js";
import type { ScenarioLog } from "./session.js";
import type { Judgement } from "./view.js";

export const where = (log: ScenarioLog, call?: HostCall): string =>
  call
    ? `scenario ${log.scenario.name}, call ${call.n} (${shown(call.argv)})`
    : `scenario ${log.scenario.name}`;
export const shown = (argv: readonly string[]): string => {
  const text = JSON.stringify(["slipway", ...argv]);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
};

/** Obligation 1: the identity check first and once; a foreign answer stops the host. */
export function judgeIdentity(log: ScenarioLog): Judgement {
  const [first] = log.calls;
  const expected = `["slipway","list","--json","--root",${JSON.stringify(log.root)}] first`;
  if (!first) return `${where(log)}: expected ${expected}, found no slipway call`;
  const ok =
    commandOf(first.argv) === "list" && hasFlag(first.argv, "json") && flag(first.argv, "root") === log.root;
  if (!ok) return `${where(log, first)}: expected ${expected}, found this`;
  const lists = log.calls.filter((c) => commandOf(c.argv) === "list");
  if (lists.length > 1) return `${where(log, lists[1])}: expected the identity check once, found it again`;
  // the generated host skill (common.tmpl) says to stop and "report the resolved executable plus its
  // `--help` output": `slipway --help` is the one call allowed after a foreign answer
  const further = log.calls.slice(1).find((c) => !isHelp(c.argv));
  if (log.scenario.name === "foreign-identity" && further)
    return `${where(log, further)}: expected no further slipway call but \`slipway --help\` after a list answer with contract_version 1 and untyped hosts, found this`;
  return undefined;
}

/** `slipway --help` (or `-h`), which a host runs to report a foreign executable. */
export const isHelp = (argv: readonly string[]): boolean =>
  argv.length === 1 && (argv[0] === "--help" || argv[0] === "-h");

/** Obligation 2: `run` with the canonical safe grammar and a private, removed goal file. */
export function judgeGoalFile(log: ScenarioLog): Judgement {
  for (const c of log.calls)
    if (c.argv.some((w) => w.includes(log.goal)))
      return `${where(log, c)}: expected the goal never on argv, found it in an argument`;
  const runs = log.calls.filter((c) => commandOf(c.argv) === "run");
  if (runs.length === 0)
    return log.scenario.expectEnd ? `${where(log)}: expected a \`slipway run\` call, found none` : null;
  for (const c of runs) {
    const problem = runProblem(c, log);
    if (problem) return `${where(log, c)}: ${problem}`;
  }
  if (log.leftFiles.length)
    return `${where(log)}: expected the goal file removed after the call, found ${log.leftFiles[0]} still on disk when the host had exited`;
  return undefined;
}

function runProblem(c: HostCall, log: ScenarioLog): string | undefined {
  const rest = [...c.argv.slice(1)];
  const take = (flagName: string): string | undefined => {
    const at = rest.indexOf(`--${flagName}`);
    if (at === -1) return undefined;
    const [, value] = rest.splice(at, 2);
    return value;
  };
  const budget = take("budget");
  const root = take("root");
  const goalFile = take("goal-file");
  for (const b of ["--json", "--no-review"]) if (rest.includes(b)) rest.splice(rest.indexOf(b), 1);
  if (!c.argv.includes("--json")) return "expected --json, found it missing";
  if (budget === undefined || !/^[1-9][0-9]*$/.test(budget))
    return `expected --budget N as two elements, found ${budget ?? "none"}`;
  if (root !== log.root)
    return `expected --root ${JSON.stringify(log.root)} (the absolute root), found ${root ?? "none"}`;
  if (goalFile === undefined) return "expected --goal-file F, found no --goal-file";
  if (rest.length) return `expected nothing beyond the canonical run grammar, found ${JSON.stringify(rest)}`;
  const file = c.files[goalFile];
  if (!file)
    return `expected --goal-file to name a regular file, found ${JSON.stringify(goalFile)} unreadable`;
  if (file.symlink) return "expected the goal file to be a regular non-symlink file, found a symlink";
  if ((file.mode & 0o077) !== 0)
    return `expected a private goal file (no group or other permission), found mode ${file.mode.toString(8)}`;
  if (!relative(log.root, file.path).startsWith(".."))
    return `expected the goal file outside the workspace (a private temporary file), found ${file.path}`;
  const text = file.bytes.toString("utf8").replace(/\r?\n$/, "");
  if (text !== log.goal)
    return `expected the goal file to hold the goal ${JSON.stringify(log.goal)}, found ${JSON.stringify(text.slice(0, 120))}`;
  return undefined;
}
