import type { Clock } from "../../clock.js";
import { type Exit, Launched, type Program } from "../../process/launch.js";
import { LineSplitter } from "../../process/line-splitter.js";
import { startFailure } from "../../process/start-failure.js";
import { Traffic } from "../../traffic.js";
import { jsonRpcKind, type LineKind } from "./classify.js";

const NOT_BLANK = /\S/;

/** One line received from the implementation, parsed and classified. */
export interface Received {
  seq: number;
  at: number;
  raw: string;
  kind: LineKind;
  /** the parsed JSON, undefined when the line was not JSON */
  message?: unknown;
  /** why the line is invalid: not JSON, not a message, too long */
  problem?: string;
}

export interface RpcStdioOptions {
  program: Program;
  cwd?: string;
  env?: NodeJS.ProcessEnv;
  /** the longest stdout line kept (default 1 MiB); a longer one is reported once as invalid */
  maxLineLength?: number;
  maxStderr?: number;
  classify?: (message: unknown) => LineKind;
  clock?: Clock;
}

/**
 * Newline-delimited JSON over a long-lived program's stdio (what a Mira study speaks). Messages are
 * written as JSON, exactly as given; `sendLine` writes text verbatim (for malformed-input checks).
 * Nothing the program does throws here: it shows up as received lines, an exit, or silence.
 */
export class RpcStdioChannel {
  readonly traffic = new Traffic();
  private readonly process: Launched;
  private readonly listeners: ((r: Received) => void)[] = [];
  private seq = 0;
  private readonly maxLineLength: number;
  private readonly classify: (message: unknown) => LineKind;

  constructor(options: RpcStdioOptions) {
    this.maxLineLength = options.maxLineLength ?? 1 << 20;
    this.classify = options.classify ?? jsonRpcKind;
    const splitter = new LineSplitter(this.maxLineLength, (l, tooLong) => this.line(l, tooLong));
    this.process = new Launched(options.program, {
      ...(options.cwd ? { cwd: options.cwd } : {}),
      ...(options.env ? { env: options.env } : {}),
      ...(options.clock ? { clock: options.clock } : {}),
      maxStdout: 0, // lines are handled as they come; nothing else is kept
      maxStderr: options.maxStderr ?? 64 * 1024,
      onStdout: (c) => splitter.push(c),
    });
    this.process.child.stdout?.on("end", () => splitter.end());
  }

  get exited(): Exit | undefined {
    return this.process.exited;
  }

  /** Writes one message as a JSON line. False when the program can no longer take input. */
  send(message: unknown): boolean {
    return this.sendLine(JSON.stringify(message));
  }

  /** Writes one line verbatim. */
  sendLine(text: string): boolean {
    const ok = this.process.write(`${text}\n`);
    if (ok) this.traffic.add("out", text);
    return ok;
  }

  onReceive(listener: (r: Received) => void): void {
    this.listeners.push(listener);
  }

  closeInput(): void {
    this.process.closeInput();
  }

  waitExit(ms: number): Promise<Exit | undefined> {
    return this.process.waitExit(ms);
  }

  /** Waits for the program itself to exit (a grandchild may keep its stdout open). */
  waitOwnExit(ms: number): Promise<Exit | undefined> {
    return this.process.waitOwnExit(ms);
  }

  stderr(): string {
    return this.process.stderr();
  }

  /** Set when the program could not be started (decided by process/, once). */
  startFailure(): string | undefined {
    return startFailure(this.process, true);
  }

  kill(): Promise<void> {
    return this.process.kill();
  }

  private line(raw: string, tooLong: boolean): void {
    if (!tooLong && !NOT_BLANK.test(raw)) return; // blank lines are ignored by the framing rules
    const r: Received = { seq: ++this.seq, at: Date.now(), raw, kind: "invalid" };
    if (tooLong) r.problem = `a line longer than ${this.maxLineLength} characters`;
    else {
      try {
        r.message = JSON.parse(raw);
        r.kind = this.classify(r.message);
        if (r.kind === "invalid") r.problem = "neither a request, a notification nor a response";
      } catch {
        r.problem = "not JSON";
      }
    }
    this.traffic.add("in", r.message ?? raw, r.at);
    for (const l of this.listeners) l(r);
  }
}
