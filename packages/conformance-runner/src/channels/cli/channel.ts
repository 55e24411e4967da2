import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { quote } from "shell-quote";
import { type Clock, systemClock, within } from "../../clock.js";
import { Launched, type Program } from "../../process/launch.js";
import { startFailure } from "../../process/start-failure.js";
import { Traffic } from "../../traffic.js";

/** One invocation of a CLI: argv after the program, and what it runs with. */
export interface CliCall {
  argv: string[];
  /** relative to the channel's cwd */
  cwd?: string;
  /** added to the channel's environment */
  env?: Record<string, string>;
  stdin?: string;
  /** files written (relative to the call's cwd) before the call, e.g. an outcome file it names */
  files?: Record<string, string>;
}

export interface CliResult {
  exit: number | null;
  signal: string | null;
  stdout: string;
  stderr: string;
  /** why the call has no proper exit: it timed out, or the program could not be started */
  missing?: string;
  couldNotStart?: string;
  /** characters of stdout and stderr past their bounds (1 MiB / 64 KiB), when any */
  dropped?: number;
  ms: number;
}

export interface CliOptions {
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** the most one call may take */
  timeoutMs: number;
  /** how long to wait for the pipes once the program exited (a grandchild may hold them) */
  drainMs?: number;
  clock?: Clock;
}

/** One process per call (a slipway): argv, cwd, env, stdin, files → exit code, stdout, stderr. */
export class CliChannel {
  readonly traffic = new Traffic();
  private readonly clock: Clock;

  constructor(
    private readonly program: Program,
    private readonly options: CliOptions,
  ) {
    this.clock = options.clock ?? systemClock;
  }

  async call(c: CliCall): Promise<CliResult> {
    const started = this.clock.now();
    this.traffic.add("out", c);
    const cwd = resolve(this.options.cwd ?? process.cwd(), c.cwd ?? ".");
    for (const [path, content] of Object.entries(c.files ?? {})) {
      const file = resolve(cwd, path);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, content);
    }
    const p = new Launched(this.withArgs(c.argv), {
      cwd,
      env: { ...(this.options.env ?? process.env), ...c.env },
      stdin: c.stdin ?? "",
      clock: this.clock,
    });
    const exited = await within(p.exitedEvent, this.options.timeoutMs, this.clock);
    if (exited) await p.waitExit(this.options.drainMs ?? 500);
    await p.kill(); // the whole group, also what the call left behind
    const notStarted = startFailure(p, false);
    const result: CliResult = {
      exit: exited?.code ?? null,
      signal: exited?.signal ?? null,
      stdout: p.stdout(),
      stderr: p.stderr(),
      ...(exited ? {} : { missing: `no exit within ${this.options.timeoutMs} ms` }),
      ...(notStarted ? { couldNotStart: notStarted } : {}),
      ...(p.dropped() > 0 ? { dropped: p.dropped() } : {}),
      ms: this.clock.now() - started,
    };
    this.traffic.add("in", result);
    return result;
  }

  private withArgs(argv: string[]): Program {
    return "argv" in this.program
      ? { argv: [...this.program.argv, ...argv] }
      : { shell: argv.length ? `${this.program.shell} ${quote(argv)}` : this.program.shell };
  }
}
