import { isRecord } from "@keel/diagnostics";
import { type Received, RpcStdioChannel } from "../../channels/rpc-stdio/channel.js";
import { type Target, TargetError } from "../../process/target.js";
import { type Problem, unanswered } from "../../verdicts.js";
import type { SuiteOptions } from "../suite.js";

/** The adapter protocol's major version (docs/validator-adapters.md); every line carries it. */
export const PROTOCOL = 1;

export type Reply = { answer: Record<string, unknown> } | { problem: Problem };

/** An adapter on rpc-stdio: one request line, then one answer line within `--timeout`. */
export class AdapterSession {
  readonly channel: RpcStdioChannel;
  private readonly queue: Received[] = [];
  private waiter: ((r: Received) => void) | undefined;

  constructor(
    target: Target,
    options: SuiteOptions,
    private readonly idleMs = options.timeouts.idleMs,
  ) {
    if (target.kind === "url")
      throw new TargetError(
        `expected --target to be the command that starts an adapter, found the URL ${target.url}`,
      );
    this.channel = new RpcStdioChannel({
      program: target.kind === "argv" ? { argv: target.argv } : { shell: target.command },
      ...(options.cwd ? { cwd: options.cwd } : {}),
      classify: (m) => (isRecord(m) ? "response" : "invalid"),
      // a validate answer may list many errors; the request carrying schemas is keel's own line
      maxLineLength: 16 << 20,
    });
    this.channel.onReceive((r) => {
      const w = this.waiter;
      this.waiter = undefined;
      if (w) w(r);
      else this.queue.push(r);
    });
  }

  /** Sends one request line (a message, or text already on one line) and waits for its answer. */
  async ask(line: string): Promise<Reply> {
    if (!this.channel.sendLine(line)) return { problem: this.gone("before keel could write a request") };
    const r = this.queue.shift() ?? (await this.next());
    if (r === undefined)
      return {
        // keel gave up waiting: not the adapter's answer, so never a verdict on it
        problem: this.channel.exited
          ? this.gone("without answering")
          : unanswered(`no answer within ${this.idleMs} ms`),
      };
    if (r.problem !== undefined || !isRecord(r.message))
      return {
        problem: `answered ${r.problem ?? "with a line that is not an object"}: ${r.raw.slice(0, 200)}`,
      };
    if (r.message.keel_validator !== PROTOCOL)
      return {
        problem: `answered without "keel_validator": ${PROTOCOL} (found ${JSON.stringify(r.message.keel_validator)})`,
      };
    return { answer: r.message };
  }

  private next(): Promise<Received | undefined> {
    return new Promise((resolve) => {
      const done = (r: Received | undefined) => {
        clearTimeout(timer);
        clearInterval(watch);
        this.waiter = undefined;
        resolve(r);
      };
      const timer = setTimeout(() => done(undefined), this.idleMs);
      // an adapter that exits answers nothing more: said at once, not after the timeout
      let exitSeen = 0;
      const watch = setInterval(() => {
        if (this.channel.exited !== undefined && ++exitSeen > 2) done(undefined);
      }, 25);
      this.waiter = done;
    });
  }

  private gone(what: string): string {
    const e = this.channel.exited;
    const how =
      e === undefined
        ? "stopped reading"
        : e.signal
          ? `was killed by ${e.signal}`
          : `exited (code ${e.code})`;
    return `the adapter ${how} ${what}`;
  }

  async close(): Promise<void> {
    this.channel.closeInput();
    await this.channel.waitOwnExit(1000);
    await this.channel.kill();
  }
}
