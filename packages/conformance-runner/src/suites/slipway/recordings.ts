import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { isRecord } from "@keel/diagnostics";
import { FORMAT, type Scenario, type Step } from "../../exchange/types.js";
import { escapeRegex, parsed, SESSION, WORKSPACE } from "./driver.js";
import { TUTORIAL_LINE } from "./outcomes.js";
import { README } from "./workspace.js";

/**
 * A golden exchange from a recorded session of a real slipway (`NN-name.{argv,stdout,stderr,rc}` plus
 * the outcome files, as `lifecycle.sh` in the peers' recordings writes them). Every step becomes a send
 * (argv without the program, the files it names) and an expect (exit, stdout, stderr exactly). Ids the
 * slipway issued are captured where they first appear and used in later argv and files; an id, digest
 * or path inside a longer string is a `$regex`; digests and HEAD are captured (equal recorded values
 * stay equal); timestamps and nanosecond mtimes match by shape; recorded paths become @workspace@ /
 * @session@. What lifecycle.sh did between calls (a README line, the goal file) rides along as files.
 */
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const SHA = /sha256:[0-9a-f]{64}/g;
const TIME = "^\\d{4}-\\d\\d-\\d\\dT\\d\\d:\\d\\d:\\d\\d(\\.\\d{1,9})?Z$";
const whole = (re: RegExp) => new RegExp(`^${re.source}$`);

/** The recording's paths (rewritten by its author) → the scenario's; the goal file lived beside the workspace. */
const PATHS: [string, string][] = [
  ["/home/dev/tutorial/goal.txt", `${SESSION}/goal.txt`],
  ["/home/dev/tutorial", WORKSPACE],
  ["/home/dev/session", SESSION],
];
const mapPaths = (s: string) => PATHS.reduce((t, [from, to]) => t.replaceAll(from, to), s);

/** What lifecycle.sh changed in the workspace before a step. */
const BETWEEN: Record<string, Record<string, string>> = {
  "06": { [`${WORKSPACE}/README.md`]: README + TUTORIAL_LINE },
  "12": { [`${SESSION}/goal.txt`]: "second run via goal file" },
};

/** One recorded call, its paths already written as @workspace@ / @session@. */
export interface RecordedCall {
  argv: string[];
  /** files the call reads (outcomes, the goal) or that changed before it (README.md), by path */
  files: Record<string, string>;
  exit: number;
  stdout: string;
  stderr: string;
}

/** The recorded session in a peers folder (`NN-name.{argv,stdout,stderr,rc}` and the outcome files). */
export function scenarioFromRecordings(dir: string, name = "recorded-session"): Scenario {
  const steps = readdirSync(dir)
    .filter((f) => f.endsWith(".argv"))
    .map((f) => f.slice(0, -".argv".length))
    .sort();
  const read = (step: string, ext: string) => mapPaths(readFileSync(join(dir, `${step}.${ext}`), "utf8"));
  const calls = steps.map((step): RecordedCall => {
    const files: Record<string, string> = { ...BETWEEN[step.slice(0, 2)] };
    const argv = read(step, "argv")
      .split("\n")
      .slice(1, -1)
      .map((w) => {
        const recorded = join(dir, basename(w));
        if (!w.endsWith(".json") || !existsSync(recorded)) return w;
        const path = `${SESSION}/${basename(w)}`;
        files[path] = mapPaths(readFileSync(recorded, "utf8"));
        return path;
      });
    const [exit, stdout, stderr] = [
      Number(read(step, "rc").trim()),
      read(step, "stdout"),
      read(step, "stderr"),
    ];
    return { argv, files, exit, stdout, stderr };
  });
  const description =
    "the real slipway CLI's recorded session (peers/slipway/recordings, lifecycle.sh): the tutorial with --no-review, idempotent and conflicting resubmissions, stale and invalid outcomes, a goal-file Run, list, skip, stop, resume twice, status; ids captured, paths as @workspace@/@session@";
  return scenarioFromCalls(calls, { name, description }, steps);
}

/**
 * Calls as a golden exchange: each a send (argv and files, issued ids as `$use` / `$template`) and an
 * expect of its exit, stdout and stderr (exactly: the error on stderr is the document of a failure).
 */
export function scenarioFromCalls(
  calls: readonly RecordedCall[],
  meta: { name: string; description: string },
  labels: readonly string[] = calls.map((_, i) => String(i + 1).padStart(2, "0")),
): Scenario {
  const names = idNames(calls.map((c) => c.stdout));
  const steps = calls.flatMap((c, i): Step[] => {
    const label = `s${labels[i]}`;
    const files = Object.fromEntries(Object.entries(c.files).map(([k, v]) => [k, send(v, names)]));
    const stream = (text: string) => (text === "" ? "" : expectation(parsed(text), names));
    const stderr = stream(c.stderr);
    return [
      {
        send: { argv: c.argv.map((w) => send(w, names)), ...(Object.keys(files).length ? { files } : {}) },
        as: label,
      },
      {
        expect: {
          response: label,
          match: { exit: c.exit, stdout: stream(c.stdout), stderr: stderr === "" ? "" : { $exact: stderr } },
        },
      },
    ];
  });
  return { format: FORMAT, protocol: "slipway", ...meta, steps };
}

/** Names for the ids the slipway issued, in order: run-1, run-2 for Runs, <kind>-<n> for actions. */
function idNames(stdouts: string[]): Map<string, string> {
  const names = new Map<string, string>();
  const counts = new Map<string, number>();
  const add = (id: unknown, base: string) => {
    if (typeof id !== "string" || names.has(id)) return;
    const n = (counts.get(base) ?? 0) + 1;
    counts.set(base, n);
    names.set(id, `${base}-${n}`);
  };
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) {
      v.forEach(walk);
      return;
    }
    if (!isRecord(v)) return;
    if (typeof v.kind === "string" && typeof v.action_id === "string") add(v.action_id, v.kind);
    if (typeof v.run_id === "string") add(v.run_id, "run");
    Object.values(v).forEach(walk);
  };
  for (const text of stdouts) if (text !== "") walk(JSON.parse(text));
  return names;
}

/** A recorded string keel sends: an issued id is `$use` (the whole string) or `$template` (inside it). */
function send(text: string, names: Map<string, string>): unknown {
  const whole = names.get(text);
  if (whole) return { $use: whole };
  let used = false;
  const t = text.replace(UUID, (id) => {
    const n = names.get(id);
    if (!n) return id;
    used = true;
    return `{${n}}`;
  });
  return used ? { $template: t } : text;
}

function expectation(v: unknown, names: Map<string, string>, key = ""): unknown {
  if (Array.isArray(v)) return v.map((x) => expectation(x, names));
  if (isRecord(v))
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, expectation(x, names, k)]));
  if (key === "modified_unix_nano") return { $type: "integer" };
  if (typeof v !== "string") return v;
  if (whole(UUID).test(v)) return { $capture: names.get(v) ?? `id:${v}` };
  if (whole(SHA).test(v)) return { $capture: `sha:${v.slice(7, 19)}` };
  if (/^[0-9a-f]{40}$/.test(v)) return { $capture: `head:${v.slice(0, 12)}` };
  if (new RegExp(TIME).test(v)) return { $regex: TIME };
  const text = v;
  if (!new RegExp(UUID.source).test(text) && !new RegExp(SHA.source).test(text)) return text;
  const pattern = text
    .split(/(sha256:[0-9a-f]{64}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/)
    .map((part, i) =>
      i % 2 === 0 ? escapeRegex(part) : part.startsWith("sha256:") ? "sha256:[0-9a-f]{64}" : "[0-9a-f-]{36}",
    )
    .join("");
  return { $regex: `^${pattern}$` };
}
