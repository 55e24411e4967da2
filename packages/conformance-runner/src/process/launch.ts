import { type ChildProcess, spawn } from "node:child_process";
import { type Clock, systemClock, within } from "../clock.js";
import { BoundedText } from "./bounded.js";
import { killGroup, release, track } from "./reaper.js";

/** How a program is started: an exact argv (no shell) or a command line for the shell. */
export type Program = { argv: string[] } | { shell: string };

export interface LaunchOptions {
  cwd?: string;
  /** the whole environment of the program (default: keel's own) */
  env?: NodeJS.ProcessEnv;
  /** written to the program's stdin, which is then closed; without it stdin stays open for `write` */
  stdin?: string | Buffer;
  /** characters of stdout / stderr kept (default 1 MiB / 64 KiB); more is counted as dropped */
  maxStdout?: number;
  maxStderr?: number;
  /** hears stdout as it arrives (it is still kept, bounded) */
  onStdout?: (chunk: string) => void;
  clock?: Clock;
}

export interface Exit {
  code: number | null;
  signal: string | null;
}

/**
 * One program keel started, in its own process group. Nothing the program does throws: a failed
 * spawn becomes `spawnError` and an exit with code null. `kill` ends the whole group; so does keel
 * exiting or being interrupted (reaper.ts).
 */
export class Launched {
  readonly child: ChildProcess;
  spawnError: string | undefined;
  /** set once the program wrote anything on stdout */
  spoke = false;
  /** set once keel killed the group: an exit after it is keel's doing, not the program's */
  killed = false;
  /** the program's own exit, known before a grandchild holding its stdout lets the pipes close */
  ownExit: Exit | undefined;
  private exitInfo: Exit | undefined;
  private readonly out: BoundedText;
  private readonly err: BoundedText;
  /** the program and its stdio closed (all output read) */
  readonly closed: Promise<Exit>;
  /** the program itself exited (a grandchild may still hold its stdout) */
  readonly exitedEvent: Promise<Exit>;
  private readonly clock: Clock;

  constructor(program: Program, options: LaunchOptions = {}) {
    this.clock = options.clock ?? systemClock;
    this.out = new BoundedText(options.maxStdout ?? 1 << 20);
    const keepStdout = options.maxStdout !== 0;
    this.err = new BoundedText(options.maxStderr ?? 64 * 1024);
    const common = { cwd: options.cwd, env: options.env, detached: true, stdio: "pipe" as const };
    this.child =
      "argv" in program
        ? spawn(program.argv[0] as string, program.argv.slice(1), common)
        : spawn(program.shell, { ...common, shell: true });
    if (this.child.pid !== undefined) track(this.child.pid);
    let onExit: (e: Exit) => void = () => {};
    this.exitedEvent = new Promise((r) => {
      onExit = r;
    });
    this.closed = new Promise((resolve) => {
      this.child.on("error", (e) => {
        this.spawnError ??= e.message;
        this.exitInfo ??= { code: null, signal: null };
        onExit(this.exitInfo);
        resolve(this.exitInfo);
      });
      this.child.on("exit", (code, signal) => {
        this.ownExit ??= { code, signal };
        onExit(this.ownExit);
      });
      this.child.on("close", (code, signal) => {
        this.exitInfo ??= { code, signal };
        resolve(this.exitInfo);
      });
    });
    this.child.stdout?.setEncoding("utf8").on("data", (c: string) => {
      this.spoke = true;
      if (keepStdout) this.out.push(c);
      options.onStdout?.(c);
    });
    this.child.stderr?.setEncoding("utf8").on("data", (c: string) => this.err.push(c));
    this.child.stdin?.on("error", () => {}); // EPIPE after a crash is the checks' business
    if (options.stdin !== undefined) this.child.stdin?.end(options.stdin);
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  /** The exit once the program and its stdio closed. */
  get exited(): Exit | undefined {
    return this.exitInfo;
  }

  /** Writes to stdin; false when the program can no longer take input. */
  write(text: string): boolean {
    const stdin = this.child.stdin;
    if (!stdin || stdin.destroyed || !stdin.writable || this.exitInfo) return false;
    stdin.write(text);
    return true;
  }

  closeInput(): void {
    this.child.stdin?.end();
  }

  stdout(): string {
    return this.out.toString();
  }

  stderr(): string {
    return this.err.toString();
  }

  /** characters of stdout and stderr dropped past their bounds (a flood) */
  dropped(): number {
    return this.out.dropped + this.err.dropped;
  }

  /** Waits for the program and its stdio to close, at most `ms`; undefined when it did not. */
  waitExit(ms: number): Promise<Exit | undefined> {
    return within(this.closed, ms, this.clock);
  }

  /** Waits for the program itself to exit, at most `ms`, whatever its descendants do with its pipes. */
  waitOwnExit(ms: number): Promise<Exit | undefined> {
    return within(this.exitedEvent, ms, this.clock);
  }

  /**
   * Kills the whole group (a shell and whatever it started) and waits for the pipes to close, so what the
   * group wrote before it died is still read; only a pipe held by a process outside the group is cut.
   */
  async kill(): Promise<void> {
    const pid = this.child.pid;
    if (!this.exitInfo) this.killed = true;
    if (pid !== undefined) {
      killGroup(pid);
      release(pid);
    }
    this.child.stdin?.destroy();
    if (await this.waitExit(2000)) return;
    this.child.stdout?.destroy();
    this.child.stderr?.destroy();
    await this.waitExit(2000);
  }
}
