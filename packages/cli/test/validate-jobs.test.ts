import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { miraCaptureLines } from "../../../tools/bench/mira-capture.mjs";
import { tempDir } from "../../../tools/test-kit/temp-dirs.js";
import { runValidate } from "../src/commands/validate.js";
import { repoRoot } from "./harness.js";

// `--jobs` on a Mira session capture (issue 29 item 6): lines checked on worker threads, responses paired with
// their requests on the main thread in file order, their results checked on the threads again — the report
// byte for byte the one thread's. The threads run from the built @keel/validate (its dist/).
const dir = tempDir("keel-validate-jobs-");

async function keel(file: string, options: { jobs: number; format: "pretty" | "json"; strict?: boolean }) {
  let stdout = "";
  const io = {
    out: (t: string) => {
      stdout += t;
    },
    err: () => {},
    cwd: repoRoot,
    isTTY: false,
  };
  const code = await runValidate("mira", [file], { engine: "ajv", verbose: true, ...options }, io);
  return { code, stdout };
}

/** With threads for any file size (on two cores they otherwise start only past 64 MB). */
async function threaded<T>(run: () => Promise<T>): Promise<T> {
  const before = process.env.KEEL_VALIDATE_THREAD_BYTES;
  process.env.KEEL_VALIDATE_THREAD_BYTES = "0";
  try {
    return await run();
  } finally {
    if (before === undefined) delete process.env.KEEL_VALIDATE_THREAD_BYTES;
    else process.env.KEEL_VALIDATE_THREAD_BYTES = before;
  }
}

describe("a correlated Mira capture under --jobs", () => {
  const lines = miraCaptureLines(7000);
  const file = join(dir, "capture.jsonl");
  // a byte order mark (a note about the file) and a CRLF line ending besides
  writeFileSync(file, `\ufeff${lines.slice(0, 100).join("\n")}\r\n${lines.slice(100).join("\n")}\n`);

  it("prints the same pretty and json report at --jobs 1, 2 and 4, with every kind of pairing in it", async () => {
    for (const format of ["pretty", "json"] as const) {
      const one = await keel(file, { jobs: 1, format });
      const [two, four] = await threaded(async () => [
        await keel(file, { jobs: 2, format }),
        await keel(file, { jobs: 4, format }),
      ]);
      expect(two.stdout, `${format} --jobs 2`).toBe(one.stdout);
      expect(four.stdout, `${format} --jobs 4`).toBe(one.stdout);
      expect([one.code, two.code, four.code]).toEqual([1, 1, 1]);
    }
    const { stdout } = await keel(file, { jobs: 1, format: "json" });
    type Found = { code: string; severity: string; line: number; pointer: string; hint?: string };
    const [report] = JSON.parse(stdout).files as { documents: number; findings: Found[] }[];
    const findings = report?.findings ?? [];
    const codes = new Set(findings.map((f) => f.code));
    // the capture holds each: orphans and answers sent twice, results that do not fit, broken lines and envelopes
    for (const code of ["validate/response-unmatched", "json/syntax", "json/bom", "json/duplicate-key"])
      expect(codes.has(code), code).toBe(true);
    const answered = (f: Found) =>
      f.pointer.startsWith("/result/") && f.hint?.includes("answers the list request at line");
    expect(findings.some(answered)).toBe(true);
    const envelopes = lines.flatMap((l, i) => (l.includes('"error":{"code":1,') ? [i + 1] : []));
    expect(envelopes.length).toBeGreaterThan(5);
    for (const line of envelopes)
      expect(
        findings.some((f) => f.line === line && f.severity === "error"),
        `line ${line}`,
      ).toBe(true);
    expect(report?.documents).toBe(7000);
  });

  it("fails the same documents under --strict at every --jobs: each warning one error, counted once", async () => {
    const plain = JSON.parse((await keel(file, { jobs: 1, format: "json" })).stdout).files[0];
    const strict = await keel(file, { jobs: 1, format: "json", strict: true });
    const threads = await threaded(() => keel(file, { jobs: 2, format: "json", strict: true }));
    expect(threads.stdout).toBe(strict.stdout);
    const promoted = JSON.parse(strict.stdout).files[0];
    const severities = (r: { findings: { severity: string }[] }) => r.findings.map((f) => f.severity);
    expect(promoted.findings).toHaveLength(plain.findings.length);
    expect(severities(promoted).filter((s: string) => s === "warning")).toEqual([]);
    const warned = plain.findings.filter((f: { severity: string }) => f.severity === "warning").length;
    expect(severities(promoted).filter((s: string) => s === "error")).toHaveLength(
      severities(plain).filter((s: string) => s === "error").length + warned,
    );
  });
});
