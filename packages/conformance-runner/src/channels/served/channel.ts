import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";
import { isRecord } from "@keel/diagnostics";
import { type Clock, systemClock, within } from "../../clock.js";
import { LineSplitter } from "../../process/line-splitter.js";
import { Traffic } from "../../traffic.js";
import { SOCKET_ENV, shimSource } from "./shim-source.js";

/** One call the implementation made to the program keel impersonates. */
export interface Invocation {
  argv: string[];
  cwd: string;
  env: Record<string, string>;
  stdin: string;
  /** contents of the files its arguments name */
  files: Record<string, string>;
  /** when the shim process started (ms since the epoch): how long calls take to reach keel */
  started?: number;
}

/** What keel answers: replayed by the shim as its stdout, stderr and exit code. */
export interface Reply {
  stdout?: string;
  stderr?: string;
  exit?: number;
  /** after writing stdout and stderr the shim kills itself with this signal (an answer lost in flight) */
  signal?: "SIGKILL" | "SIGTERM";
}

/** A call whose shim was waiting for its stdin to end when it went away: it never reached keel. */
export interface CutShortCall {
  argv: string[];
  cwd: string;
  /** how long it had waited, in ms */
  waited: number;
}

export interface ServedCall {
  invocation: Invocation;
  reply(r: Reply): void;
}

export interface ServedOptions {
  /** the program's name, e.g. `slipway`: the shim is put first on PATH under it */
  name: string;
  /** also named by this env var (e.g. `SLIPWAY_BIN`) for hosts that take the program's path from it */
  envVar?: string;
  /** the longest invocation line accepted (default 16 MiB) */
  maxLine?: number;
  /** the flags that make the real program read stdin; without them the shim reads it for every call */
  stdinFlags?: readonly string[];
  clock?: Clock;
}

/**
 * The served direction: the implementation calls keel. A shim named like the real program forwards
 * each call over a Unix socket, one JSON line each way; calls queue until the runner takes them.
 */
export class ServedChannel {
  readonly traffic = new Traffic();
  /** calls killed (or abandoned) while their shim waited for stdin to end, in the order they went */
  readonly cutShort: CutShortCall[] = [];
  readonly dir: string;
  readonly shimPath: string;
  readonly socketPath: string;
  private readonly server: Server;
  private readonly queue: ServedCall[] = [];
  private readonly waiters: ((c: ServedCall) => void)[] = [];
  private readonly open = new Set<Socket>();
  private readonly clock: Clock;

  private constructor(private readonly options: ServedOptions) {
    this.clock = options.clock ?? systemClock;
    this.dir = mkdtempSync(join(tmpdir(), "keel-served-"));
    this.shimPath = join(this.dir, options.name);
    this.socketPath = join(this.dir, "runner.sock");
    writeFileSync(this.shimPath, shimSource(process.execPath, options.stdinFlags));
    chmodSync(this.shimPath, 0o755);
    this.server = createServer((socket) => this.accept(socket));
  }

  static async open(options: ServedOptions): Promise<ServedChannel> {
    const channel = new ServedChannel(options);
    await new Promise<void>((resolve, reject) => {
      channel.server.once("error", reject);
      channel.server.listen(channel.socketPath, () => resolve());
    });
    return channel;
  }

  /** The environment to start the implementation with: the shim first on PATH, and named. */
  env(base: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
    return {
      ...base,
      PATH: [this.dir, base.PATH].filter(Boolean).join(delimiter),
      [SOCKET_ENV]: this.socketPath,
      ...(this.options.envVar ? { [this.options.envVar]: this.shimPath } : {}),
    };
  }

  /** The next call, or undefined when none came within `ms`. */
  next(ms: number): Promise<ServedCall | undefined> {
    const queued = this.queue.shift();
    if (queued) return Promise.resolve(queued);
    let take: (c: ServedCall) => void = () => {};
    const arrival = new Promise<ServedCall>((resolve) => {
      take = resolve;
      this.waiters.push(take);
    });
    return within(arrival, ms, this.clock).then((c) => {
      if (!c) this.waiters.splice(this.waiters.indexOf(take), 1);
      return c;
    });
  }

  /** Stops serving: calls still waiting get exit 70 (the shim reports it), the shim is removed. */
  async close(): Promise<void> {
    for (const c of this.queue.splice(0))
      c.reply({ stderr: "keel: the scenario ended before answering\n", exit: 70 });
    for (const s of this.open) s.destroy();
    await new Promise((r) => this.server.close(r));
    rmSync(this.dir, { recursive: true, force: true });
  }

  private accept(socket: Socket): void {
    this.open.add(socket);
    socket.on("error", () => {});
    socket.setEncoding("utf8");
    let done = false;
    let awaiting: { argv: string[]; cwd: string; since: number } | undefined;
    socket.on("close", () => {
      this.open.delete(socket);
      if (done || !awaiting) return;
      const cut = { argv: awaiting.argv, cwd: awaiting.cwd, waited: this.clock.now() - awaiting.since };
      this.cutShort.push(cut);
      this.traffic.add("in", { cutShort: cut });
    });
    const splitter = new LineSplitter(this.options.maxLine ?? 16 << 20, (line, tooLong) => {
      if (done) return;
      const notice = awaiting || tooLong ? undefined : parseAwaiting(line);
      if (notice) {
        awaiting = { ...notice, since: this.clock.now() };
        this.traffic.add("in", { awaiting: "stdin", ...notice });
        return;
      }
      done = true;
      const invocation = tooLong ? undefined : parseInvocation(line);
      if (!invocation)
        return socket.end(`${JSON.stringify({ stderr: "keel: unreadable invocation\n", exit: 70 })}\n`);
      this.traffic.add("in", invocation);
      this.deliver({
        invocation,
        reply: (r) => {
          this.traffic.add("out", r);
          if (!socket.destroyed) socket.end(`${JSON.stringify(r)}\n`);
        },
      });
    });
    socket.on("data", (c: string) => splitter.push(c));
  }

  private deliver(call: ServedCall): void {
    const waiter = this.waiters.shift();
    if (waiter) waiter(call);
    else this.queue.push(call);
  }
}

function parseInvocation(line: string): Invocation | undefined {
  try {
    const m: unknown = JSON.parse(line);
    if (!isRecord(m) || m.v !== 1 || !Array.isArray(m.argv)) return undefined;
    const { argv, cwd, env, stdin, files, started } = m as unknown as Invocation;
    return { argv, cwd, env, stdin, files, ...(typeof started === "number" ? { started } : {}) };
  } catch {
    return undefined;
  }
}

function parseAwaiting(line: string): { argv: string[]; cwd: string } | undefined {
  try {
    const m: unknown = JSON.parse(line);
    if (!isRecord(m) || m.v !== 1 || m.awaiting !== "stdin" || !Array.isArray(m.argv)) return undefined;
    return { argv: m.argv.map(String), cwd: String(m.cwd) };
  } catch {
    return undefined;
  }
}
