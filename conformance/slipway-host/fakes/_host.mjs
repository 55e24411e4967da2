// A minimal, correct slipway host that every fake starts from; each fake overrides one hook to break
// exactly one host obligation. Plain Node, no dependencies: `node <fake>.mjs "<goal>"`, run in the workspace.
import { spawnSync } from "node:child_process";
import { appendFileSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export const parse = (text) => {
  try {
    const doc = JSON.parse(text);
    return doc && typeof doc === "object" && !Array.isArray(doc) ? doc : undefined;
  } catch {
    return undefined;
  }
};
/** The JSON a call answered: stdout on exit 0, stderr otherwise. */
export const answer = (r) => (r.status === null ? undefined : parse(r.status === 0 ? r.stdout : r.stderr));

export function privateFile(name, text) {
  const dir = mkdtempSync(join(tmpdir(), "keel-fake-host-"));
  const path = join(dir, name);
  writeFileSync(path, text, { mode: 0o600 });
  return { path, done: () => rmSync(dir, { recursive: true, force: true }) };
}

/** base_argv after the program name plus each given input as flag and value, before `--` or appended. */
export function resolveVariant(variant, values) {
  const inputs = variant.inputs.flatMap((i) =>
    values[i.name] === undefined ? [] : [i.flag, values[i.name]],
  );
  const base = variant.base_argv.slice(1);
  const sep = base.indexOf("--");
  return sep === -1 ? [...base, ...inputs] : [...base.slice(0, sep), ...inputs, ...base.slice(sep)];
}

export const outcome = (action, summary, rest = {}) => ({
  contract_version: 2,
  action_id: action.action_id,
  action_kind: action.kind,
  status: "completed",
  summary,
  observations: [],
  known_issues: [],
  suggested_actions: [],
  pause: null,
  implementation: null,
  review: null,
  ...rest,
});

export const base = {
  slipway: (argv, input = "") =>
    // biome-ignore lint/suspicious/noUndeclaredEnvVars: SLIPWAY names the slipway the host drives
    spawnSync(process.env.SLIPWAY || "slipway", argv, { input, encoding: "utf8", timeout: 30_000 }),
  identity(h, root) {
    const doc = answer(h.slipway(["list", "--json", "--root", root]));
    return (
      doc?.contract_version === 2 &&
      Array.isArray(doc.hosts) &&
      doc.hosts.length > 0 &&
      doc.hosts.every((x) => x && typeof x.id === "string" && typeof x.detected === "boolean")
    );
  },
  runArgv: (root, goalFile) => ["run", "--budget", "8", "--json", "--root", root, "--goal-file", goalFile],
  start(h, root, goal) {
    const file = privateFile("goal.txt", goal);
    const r = h.slipway(h.runArgv(root, file.path, goal));
    file.done();
    return r.status === 0 ? answer(r) : undefined;
  },
  work(action, root) {
    if (action.kind === "orient")
      return outcome(action, "Repository facts observed.", {
        suggested_actions: [{ kind: "implement", brief: "Append the requested tutorial line." }],
      });
    if (action.kind === "implement") {
      appendFileSync(join(root, "README.md"), "A tutorial line.\n");
      return outcome(action, "Appended the requested README line.", {
        implementation: {
          result: "applied",
          files_changed: ["README.md"],
          activities: [],
          uncertainties: [],
          attempts: 1,
        },
      });
    }
    if (action.kind === "review")
      return outcome(action, "Nothing to report.", {
        review: { result: "no_findings_reported", findings: [], uncertainties: [] },
      });
    return outcome(action, "The README line was appended.");
  },
  serialize: (o) => `${JSON.stringify(o, null, 2)}\n`,
  submitArgv: (state, file) =>
    resolveVariant(
      state.next.variants.find((v) => v.id === "submit-outcome-file"),
      { outcome_file: file },
    ),
  /** lost (signal, timeout), unreadable, a defect, or run_busy: resend the same bytes */
  uncertain: (r) =>
    r.status === null || r.status === 1 || !answer(r) || (r.status === 3 && answer(r).code === "run_busy"),
  resubmit: (h, argv, _file) => h.slipway(argv),
  /** the next state, or undefined to stop */
  after: (_h, r) => (r.status === 0 ? answer(r) : undefined),
  drives: (state) => state.state === "active" && state.next?.operation === "action" && !!state.action,
  /** a state the host does not drive: 0 when the Run ended, else 1 */
  finish: (_h, state) => (state?.state === "ended" ? 0 : 1),
};

function submit(h, state, root) {
  const body = h.serialize(h.work(state.action, root));
  const file = privateFile("outcome.json", body);
  try {
    const argv = h.submitArgv(state, file.path);
    let r = h.slipway(argv);
    for (let n = 0; h.uncertain(r) && n < 3; n++) r = h.resubmit(h, argv, file, body);
    return h.after(h, r, state, argv, file);
  } finally {
    file.done();
  }
}

export function drive(h, root, goal) {
  if (!h.identity(h, root)) return 1;
  let state = h.start(h, root, goal);
  for (let steps = 0; state && steps < 100; steps++) {
    if (!h.drives(state)) return h.finish(h, state);
    state = submit(h, state, root);
  }
  return 1;
}

export function start(overrides = {}) {
  const h = { ...base, ...overrides };
  process.exitCode = drive(h, process.cwd(), process.argv[2] ?? "add one tutorial line to README.md");
}
