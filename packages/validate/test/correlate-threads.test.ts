import { execFileSync, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { miraCaptureLines } from "../../../tools/bench/mira-capture.mjs";
import { tempDir } from "../../../tools/test-kit/temp-dirs.js";

// A Mira session capture on worker threads (issue 29 item 6): lines checked on the lanes, notes paired on the
// main thread, pair judgements back on the lanes — the same FileResult as one thread, from a regular file (byte
// ranges) and from a FIFO (batches). Threads start from the built package, as threads.test.ts explains.
const built = (path: string) => import(pathToFileURL(join(import.meta.dirname, "..", "dist", path)).href);
const engine = (await built("index.js")) as typeof import("../src/index.js");
const repo = join(import.meta.dirname, "..", "..", "..");
const dir = tempDir("keel-validate-correlate-");
const lines = miraCaptureLines(3000);
const file = join(dir, "capture.jsonl");
writeFileSync(file, `${lines.join("\n")}\n`);

async function run(path: string, options: { jobs: number; correlationWindow?: number; strict?: boolean }) {
  const before = process.env.KEEL_VALIDATE_THREAD_BYTES;
  process.env.KEEL_VALIDATE_THREAD_BYTES = "0"; // threads even for this small file
  try {
    const [r] = await engine.validateFiles("mira", [path], { engine: "ajv", ...options }, { cwd: repo });
    if (r === undefined) throw new Error("no result");
    return { ...r, findings: r.findings.map(({ file: _, ...f }) => f), file: undefined };
  } finally {
    if (before === undefined) delete process.env.KEEL_VALIDATE_THREAD_BYTES;
    else process.env.KEEL_VALIDATE_THREAD_BYTES = before;
  }
}

describe("a correlated capture on threads", () => {
  it("gives one thread's result from byte ranges, pairs across ranges included", async () => {
    const one = await run(file, { jobs: 1 });
    expect(one.findings.filter((f) => f.code === "validate/response-unmatched").length).toBeGreaterThan(10);
    expect(one.findings.filter((f) => f.hint?.includes("answers the list request")).length).toBeGreaterThan(
      5,
    );
    expect(await run(file, { jobs: 2 })).toEqual(one);
  });

  it("keeps the same window of awaiting requests on threads", async () => {
    const one = await run(file, { jobs: 1, correlationWindow: 2 });
    expect(one.findings.length).toBeGreaterThan((await run(file, { jobs: 1 })).findings.length);
    expect(await run(file, { jobs: 2, correlationWindow: 2 })).toEqual(one);
  });

  it("gives one thread's result from a FIFO handed out in batches, under --strict too", async () => {
    const fifo = join(dir, "capture-fifo.jsonl"); // a .jsonl name: read as JSON Lines
    execFileSync("mkfifo", [fifo]);
    for (const strict of [false, true]) {
      // another process writes the FIFO: this one reads it synchronously
      const writer = spawn("sh", ["-c", 'cat "$1" > "$2"', "sh", file, fifo], { stdio: "ignore" });
      const exited = new Promise((resolve) => writer.on("exit", resolve));
      const streamed = await run(fifo, { jobs: 2, strict });
      await exited;
      expect(streamed).toEqual(await run(file, { jobs: 1, strict }));
    }
  });
});
