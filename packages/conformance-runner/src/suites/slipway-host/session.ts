import { existsSync } from "node:fs";
import { type CutShortCall, type ServedCall, ServedChannel } from "../../channels/served/channel.js";
import { Launched, type Program } from "../../process/launch.js";
import type { Target } from "../../process/target.js";
import { programOf } from "../kit/program.js";
import { answer } from "./answer.js";
import type { Backing } from "./backing.js";
import { commandOf, flag, type HostCall } from "./call.js";
import { shimsRunning } from "./leftovers.js";
import type { HostScenario } from "./scenarios.js";
import type { StageContext } from "./staging.js";
import { TUTORIAL_GOAL, tutorialWorkspace } from "./workspace.js";

export interface SessionLimits {
  /** the whole scenario, host start to exit */
  scenarioMs: number;
  /** calls accepted before the host is judged looping and stopped */
  maxCalls: number;
  /** how long keel waits at least for a call still on its way once the host exited (3× the slowest
   * shim start-to-arrival seen, up to 5 s, when that is longer) */
  graceMs: number;
}

/** Everything keel saw of the host in one scenario: what the checks judge. */
export interface ScenarioLog {
  scenario: HostScenario;
  root: string;
  goal: string;
  calls: HostCall[];
  /** calls that arrived after the host itself had exited */
  late: HostCall[];
  /** shim processes (calls) still running the moment the host exited */
  leftRunning: number;
  exit: { code: number | null; signal: string | null } | undefined;
  timedOut: boolean;
  capped: boolean;
  /** goal files still on disk after the host exited */
  leftFiles: string[];
  /** calls that never reached keel: their shim was still waiting for stdin to end when it went */
  cutShort: CutShortCall[];
  spawnError?: string;
  stdout: string;
  stderr: string;
}

/** The flags that make slipway read stdin (the machine protocol's `--outcome-stdin`, and the human
 * forms for goals and texts); any other call the shim answers without waiting for stdin to end. */
const SLIPWAY_STDIN_FLAGS = ["--outcome-stdin", "--goal-stdin", "--text-stdin"];

/**
 * `{goal}` in the target becomes the tutorial goal (one argv word, or shell-quoted in a shell command).
 * The host runs in the workspace, so a word naming an existing file where keel runs becomes absolute.
 */
const program = (target: Target, goal: string, cwd: string): Program =>
  programOf(target, "the command that starts a slipway host", { fill: { goal }, absoluteFrom: cwd });

/** Runs the host through one scenario in a fresh workspace, with keel's shim as `slipway`. */
export async function runScenario(
  scenario: HostScenario,
  target: Target,
  backing: Backing,
  limits: SessionLimits,
  cwd: string,
): Promise<ScenarioLog> {
  const ws = tutorialWorkspace(scenario.folder);
  const served = await ServedChannel.open({
    name: "slipway",
    envVar: "SLIPWAY",
    stdinFlags: SLIPWAY_STDIN_FLAGS,
  });
  const log: ScenarioLog = {
    scenario,
    root: ws.root,
    goal: TUTORIAL_GOAL,
    calls: [],
    late: [],
    leftRunning: 0,
    exit: undefined,
    timedOut: false,
    capped: false,
    leftFiles: [],
    cutShort: [],
    stdout: "",
    stderr: "",
  };
  const ctx: StageContext = { root: ws.root, fired: new Set() };
  const host = new Launched(program(target, TUTORIAL_GOAL, cwd), {
    cwd: ws.root,
    env: served.env(),
    maxStdout: 64 * 1024,
    // stdin closed at once: a slipway call that inherits it (`slipway --help` run as is) reads EOF, as
    // from a terminal-less CI job, instead of waiting on a pipe keel would never close
    stdin: "",
  });
  // a call still unanswered when the host itself exited was left running, wherever it is logged
  const handle = (call: ServedCall, into: HostCall[]) =>
    answer(call, scenario, ctx, backing, served.dir).then((c) => {
      const left = into === log.calls && (host.ownExit || host.exited);
      if (left) log.late.push({ ...c, n: into.length + 1 });
      into.push({ ...c, n: into.length + 1 });
    });
  try {
    const deadline = Date.now() + limits.scenarioMs;
    let reach = 0;
    while (!host.ownExit && !host.exited) {
      if (Date.now() > deadline) {
        log.timedOut = true;
        break;
      }
      const call = await served.next(Math.min(100, Math.max(1, deadline - Date.now())));
      if (!call) continue;
      if (log.calls.length >= limits.maxCalls) {
        log.capped = true;
        call.reply({ stderr: "keel: too many calls in one scenario\n", exit: 70 });
        break;
      }
      if (call.invocation.started) reach = Math.max(reach, Date.now() - call.invocation.started);
      await handle(call, log.calls);
    }
    if (host.ownExit || host.exited) log.leftRunning = shimsRunning(served.shimPath);
    // a call the host started just before exiting reaches keel about as late as its calls did so far
    const grace = Math.min(Math.max(limits.graceMs, 3 * reach), 5000);
    for (let late = await served.next(grace); late; late = await served.next(grace))
      await handle(late, log.late);
    const exit = await host.waitOwnExit(log.timedOut || log.capped ? 0 : 1000);
    log.exit = exit && !host.killed ? exit : undefined;
    if (host.spawnError) log.spawnError = host.spawnError;
  } finally {
    await host.kill();
    log.stdout = host.stdout();
    log.stderr = host.stderr();
    log.leftFiles = leftBehind(log.calls);
    await served.close();
    log.cutShort = served.cutShort;
    ws.remove();
  }
  return log;
}

/** Goal files a `run` named that still exist once the host is gone. */
function leftBehind(calls: readonly HostCall[]): string[] {
  const named = calls.flatMap((c) => {
    const v = commandOf(c.argv) === "run" ? flag(c.argv, "goal-file") : undefined;
    return v !== undefined && c.files[v] ? [c.files[v].path] : [];
  });
  return [...new Set(named)].filter((p) => existsSync(p));
}
