import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HttpChannel } from "../../channels/http/channel.js";
import { Launched } from "../../process/launch.js";
import { exitText } from "../../process/start-failure.js";
import { type Target, TargetError, targetText } from "../../process/target.js";
import { programOf } from "../kit/program.js";
import type { SuiteOptions } from "../suite.js";

/**
 * How long a started colony may take to answer its first HTTP request at least; `--timeout` raises it with
 * the longest single wait (a busy machine starts a colony slowly, and that is not the colony's fault).
 */
export const startMs = 10_000;

/** A colony under test: a URL, or a command keel started (and can kill and start again). */
export interface Colony {
  channel: HttpChannel;
  /** set when a command target did not start */
  couldNotStart?: string;
  /** whether keel started it (durability needs a restart) */
  restartable: boolean;
  /** SIGKILL the whole group, start the same command again on a fresh port; a reason when it did not come back */
  restart(): Promise<string | undefined>;
  stderr(): string;
  /** how the colony keel started ended on its own (it exited, or was killed by a signal), if it did */
  gone(): string | undefined;
  close(): Promise<void>;
}

export async function openColony(target: Target, options: SuiteOptions): Promise<Colony> {
  const timeoutMs = options.timeouts.idleMs;
  if (target.kind === "url")
    return {
      channel: new HttpChannel(target.url, { timeoutMs }),
      restartable: false,
      restart: async () => "not a command target",
      stderr: () => "",
      gone: () => undefined,
      close: async () => {},
    };
  if (!targetText(target).includes("{port}"))
    throw new TargetError(
      `expected a colony command with {port} in it (keel picks a free port), found ${targetText(target)}`,
    );
  // {dir}: a fresh folder for the colony's files, kept across its restarts, removed at the end
  const dir = targetText(target).includes("{dir}") ? mkdtempSync(join(tmpdir(), "keel-colony-")) : undefined;
  let stderr = "";
  let current: Launched | undefined;
  const start = async (): Promise<{ channel: HttpChannel; failure?: string }> => {
    const port = await freePort();
    const p = new Launched(withPort(target, port, dir), {
      ...(options.cwd ? { cwd: options.cwd } : {}),
      maxStdout: 0,
    });
    current = p;
    const channel = new HttpChannel(`http://127.0.0.1:${port}`, { timeoutMs });
    const failure = await waitReady(p, port, Math.max(startMs, options.timeouts.capMs));
    return failure ? { channel, failure } : { channel };
  };
  const first = await start();
  const colony: Colony = {
    channel: first.channel,
    restartable: true,
    ...(first.failure ? { couldNotStart: first.failure } : {}),
    restart: async () => {
      stderr += current?.stderr() ?? "";
      await current?.kill();
      const next = await start();
      colony.channel = next.channel;
      return next.failure;
    },
    stderr: () => stderr + (current?.stderr() ?? ""),
    gone: () => (current?.exited ? exitText(current.exited) : undefined),
    close: async () => {
      await current?.kill();
      if (dir) rmSync(dir, { recursive: true, force: true });
    },
  };
  return colony;
}

const withPort = (target: Target, port: number, dir: string | undefined) =>
  programOf(target, "a colony command", { fill: { port: String(port), ...(dir ? { dir } : {}) } });

/** Polls until the colony answers any HTTP request; a reason when it exits first or stays silent. */
async function waitReady(p: Launched, port: number, waitMs: number): Promise<string | undefined> {
  const deadline = Date.now() + waitMs;
  while (Date.now() < deadline) {
    if (p.exited || p.spawnError) break;
    try {
      await fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(1000) });
      return undefined;
    } catch {
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  const tail = p.stderr().split("\n").slice(-12).join("\n").trim() || "no output";
  if (p.spawnError) return `the target could not be started (spawn failed: ${p.spawnError}): ${tail}`;
  if (p.exited) return `the target could not be started (${exitText(p.exited)}): ${tail}`;
  await p.kill();
  return `the target could not be started: no HTTP answer on port ${port} within ${waitMs / 1000} s (raise --timeout on a slow machine): ${tail}`;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
