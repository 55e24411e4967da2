import { type ChildProcess, spawn } from "node:child_process";
import { classify } from "../classify.js";
import { LineSplitter } from "../process/line-splitter.js";
import type { Exit, Received, Transport } from "./transport.js";

export interface StdioOptions {
  /** the command line, run through the shell */
  command: string;
  cwd?: string;
  maxLineLength?: number;
  maxStderr?: number;
}

/**
 * Spawns the implementation as a detached process group and speaks newline-delimited JSON over its
 * stdio. Nothing the child does (hang, crash, garbage, floods) throws here: it shows up as received
 * lines, an exit, or silence, and the checks judge it.
 */
export class StdioNdjsonTransport implements Transport {
  private readonly child: ChildProcess;
  private readonly listeners: ((r: Received) => void)[] = [];
  private errText = "";
  private seq = 0;
  private exit: Exit | undefined;
  private readonly exitPromise: Promise<Exit>;

  constructor(private readonly options: StdioOptions) {
    this.child = spawn(options.command, {
      shell: true,
      cwd: options.cwd,
      detached: true,
      stdio: ["pipe", "pipe", "pipe"],
    });
    this.exitPromise = new Promise((resolve) => {
      this.child.on("error", (e) => {
        this.errText += `spawn failed: ${e.message}\n`;
        this.exit ??= { code: null, signal: null };
        resolve(this.exit);
      });
      this.child.on("close", (code, signal) => {
        this.exit ??= { code, signal };
        resolve(this.exit);
      });
    });
    const splitter = new LineSplitter(options.maxLineLength ?? 1 << 20, (l, tooLong) =>
      this.line(l, tooLong),
    );
    this.child.stdout?.setEncoding("utf8").on("data", (c: string) => splitter.push(c));
    this.child.stdout?.on("end", () => splitter.end());
    this.child.stderr?.setEncoding("utf8").on("data", (c: string) => {
      const max = options.maxStderr ?? 64 * 1024;
      if (this.errText.length < max) this.errText = (this.errText + c).slice(0, max);
    });
    this.child.stdin?.on("error", () => {}); // EPIPE after a crash is the checks' business
  }

  get exited(): Exit | undefined {
    return this.exit;
  }

  send(message: unknown): boolean {
    const stdin = this.child.stdin;
    if (!stdin || stdin.destroyed || !stdin.writable || this.exit) return false;
    const raw =
      typeof message === "object" && message !== null && "raw" in message
        ? String((message as { raw: string }).raw)
        : JSON.stringify(message);
    stdin.write(`${raw}\n`);
    return true;
  }

  onReceive(listener: (r: Received) => void): void {
    this.listeners.push(listener);
  }

  closeInput(): void {
    this.child.stdin?.end();
  }

  async waitExit(ms: number): Promise<Exit | undefined> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<undefined>((r) => {
      timer = setTimeout(() => r(undefined), ms);
    });
    try {
      return await Promise.race([this.exitPromise, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  stderr(): string {
    return this.errText;
  }

  async kill(): Promise<void> {
    const pid = this.child.pid;
    if (pid !== undefined) {
      try {
        process.kill(-pid, "SIGKILL"); // the whole group: a shell and whatever it started
      } catch {
        // already gone
      }
    }
    this.child.stdout?.destroy();
    this.child.stderr?.destroy();
    this.child.stdin?.destroy();
    await this.waitExit(2000);
  }

  private line(raw: string, tooLong: boolean): void {
    if (raw.trim() === "" && !tooLong) return; // blank lines are ignored by the framing rules
    const base = { seq: ++this.seq, at: Date.now(), raw };
    let r: Received;
    if (tooLong)
      r = {
        ...base,
        kind: "invalid",
        problem: `a line longer than ${this.options.maxLineLength ?? 1 << 20} characters`,
      };
    else {
      try {
        const message: unknown = JSON.parse(raw);
        const kind = classify(message);
        r =
          kind === "invalid"
            ? { ...base, kind, message, problem: "neither a request, a notification nor a response" }
            : { ...base, kind, message };
      } catch {
        r = { ...base, kind: "invalid", problem: "not JSON" };
      }
    }
    for (const l of this.listeners) l(r);
  }
}
