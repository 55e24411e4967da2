import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const pkg = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const root = join(pkg, "..", "..");
const bin = join(pkg, "dist", "bin", "colony.js");

/** A temp dir for a test file's databases, removed by `remove()`. */
export function tempDir(): { dir: string; remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), "keel-colony-"));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export interface Colony {
  url: string;
  child: ChildProcess;
  stderr: string[];
  /** resolves with the exit code (or signal name) once the process ended */
  exited: Promise<number | string>;
  stop(signal?: NodeJS.Signals): Promise<number | string>;
}

/** Start the built `keel-colony` bin on a free port (`--port 0`) and read its URL from stdout. */
export async function startColony(db: string, extra: string[] = []): Promise<Colony> {
  const child = spawn(process.execPath, [bin, "--port", "0", "--db", db, ...extra], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  const stderr: string[] = [];
  createInterface({ input: child.stderr as NodeJS.ReadableStream }).on("line", (l) => stderr.push(l));
  const exited = new Promise<number | string>((resolve) =>
    child.once("exit", (code, signal) => resolve(code ?? signal ?? -1)),
  );
  const url = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.once("line", resolve);
    exited.then((c) => reject(new Error(`keel-colony exited (${c}) before listening: ${stderr.join("\n")}`)));
  });
  const stop = (signal: NodeJS.Signals = "SIGTERM") => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  return { url, child, stderr, exited, stop };
}

export interface Reply {
  status: number;
  headers: Headers;
  body: unknown;
  text: string;
}

export async function call(url: string, method: string, body?: string | Uint8Array): Promise<Reply> {
  const res = await fetch(url, {
    method,
    body,
    headers: body === undefined ? {} : { "content-type": "application/json" },
  });
  const text = await res.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  return { status: res.status, headers: res.headers, body: parsed, text };
}

export const post = (base: string, path: string, doc: unknown) =>
  call(base + path, "POST", JSON.stringify(doc));

const fixturesDir = join(root, "conformance", "myrmo", "fixtures");

export interface Fixture {
  file: string;
  type: string;
  expect: "valid" | "invalid";
  pointer?: string;
  keyword?: string;
}

/** The generated Myrmo fixtures of one document type (conformance/myrmo/fixtures/manifest.json). */
export function fixtures(type: string, expect: "valid" | "invalid"): (Fixture & { doc: unknown })[] {
  const manifest = JSON.parse(readFileSync(join(fixturesDir, "manifest.json"), "utf8")) as {
    fixtures: Fixture[];
  };
  return manifest.fixtures
    .filter((f) => f.type === type && f.expect === expect)
    .map((f) => ({ ...f, doc: JSON.parse(readFileSync(join(fixturesDir, f.file), "utf8")) }));
}

/** The examples of one Myrmo document type (schemas/myrmo/examples/<type>/), one per JSON Lines line. */
export function examples(type: string): unknown[] {
  const dir = join(root, "schemas", "myrmo", "examples", type);
  return readdirSync(dir).flatMap((f) => {
    const text = readFileSync(join(dir, f), "utf8");
    return f.endsWith(".jsonl")
      ? text
          .split("\n")
          .filter((l) => l.trim() !== "")
          .map((l) => JSON.parse(l))
      : [JSON.parse(text)];
  });
}
