import { existsSync, readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { isRecord } from "@keel/diagnostics";
import { FORMAT, type Scenario, type Step } from "../../exchange/types.js";
import { escapeRegex, SESSION, WORKSPACE } from "./driver.js";
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

export function scenarioFromRecordings(dir: string, name = "recorded-session"): Scenario {
  const steps = readdirSync(dir)
    .filter((f) => f.endsWith(".argv"))
    .map((f) => f.slice(0, -".argv".length))
    .sort();
  const read = (step: string, ext: string) => readFileSync(join(dir, `${step}.${ext}`), "utf8");
  const names = idNames(steps.map((s) => read(s, "stdout")));
  const out: Step[] = [];
  for (const step of steps) {
    const words = read(step, "argv").split("\n").slice(0, -1).slice(1);
    const files: Record<string, unknown> = { ...BETWEEN[step.slice(0, 2)] };
    const argv = words.map((w) => {
      const recorded = join(dir, basename(w));
      if (!w.endsWith(".json") || !existsSync(recorded)) return send(mapPaths(w), names);
      const path = `${SESSION}/${basename(w)}`;
      files[path] = send(mapPaths(readFileSync(recorded, "utf8")), names);
      return path;
    });
    const label = `s${step}`;
    out.push({ send: { argv, ...(Object.keys(files).length ? { files } : {}) }, as: label });
    const stream = (ext: "stdout" | "stderr") => {
      const text = read(step, ext);
      return text === "" ? "" : expectation(JSON.parse(text), names);
    };
    const stderr = stream("stderr");
    out.push({
      expect: {
        response: label,
        match: {
          exit: Number(read(step, "rc").trim()),
          stdout: stream("stdout"),
          stderr: stderr === "" ? "" : { $exact: stderr },
        },
      },
    });
  }
  return {
    format: FORMAT,
    protocol: "slipway",
    name,
    description:
      "the real slipway CLI's recorded session (peers/slipway/recordings, lifecycle.sh): the tutorial with --no-review, idempotent and conflicting resubmissions, stale and invalid outcomes, a goal-file Run, list, skip, stop, resume twice, status; ids captured, paths as @workspace@/@session@",
    steps: out,
  };
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
  const text = mapPaths(v);
  if (!new RegExp(UUID.source).test(text) && !new RegExp(SHA.source).test(text)) return text;
  const pattern = text
    .split(/(sha256:[0-9a-f]{64}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})/)
    .map((part, i) =>
      i % 2 === 0 ? escapeRegex(part) : part.startsWith("sha256:") ? "sha256:[0-9a-f]{64}" : "[0-9a-f-]{36}",
    )
    .join("");
  return { $regex: `^${pattern}$` };
}
