import { spawnSync } from "node:child_process";
import { closeSync, openSync, readFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./harness.js";
import { scratch } from "./validate-harness.js";

const bin = join(repoRoot, "packages/cli/dist/bin.js");
const trailLine = JSON.stringify(
  JSON.parse(readFileSync(join(repoRoot, "schemas/myrmo/examples/trail/minimal.json"), "utf8")),
);

/** The built keel, stdin from `stdin` (a path) or nothing. */
function keel(args: string[], stdin?: string, env: Record<string, string> = {}) {
  const fd = stdin === undefined ? "ignore" : openSync(stdin, "r");
  try {
    return spawnSync(process.execPath, [bin, ...args], {
      encoding: "utf8",
      stdio: [fd, "pipe", "pipe"],
      maxBuffer: 1 << 24,
      env: { ...process.env, ...env },
    });
  } finally {
    if (typeof fd === "number") closeSync(fd);
  }
}

const located = (stdout: string) =>
  (JSON.parse(stdout) as { files: { findings: { line: number; column: number; code: string }[] }[] }).files
    .flatMap((f) => f.findings)
    .map((f) => `${f.line}:${f.column} ${f.code}`);

describe("keel validate: bounded memory on endless input (a document bound, --max-document-size)", () => {
  it("stops /dev/zero read as a file or as stdin with a located finding (exit 1)", () => {
    const file = keel(["validate", "myrmo", "--max-document-size", "1MiB", "--format", "json", "/dev/zero"]);
    expect(file.status).toBe(1);
    expect(located(file.stdout)).toEqual(["1:1 validate/too-large"]);
    for (const format of [[], ["--stdin-format", "json"], ["--stdin-format", "jsonl"]]) {
      const stdin = keel(["validate", "myrmo", "--max-document-size", "1MiB", ...format, "-"], "/dev/zero");
      expect(stdin.status).toBe(1);
      expect(stdin.stdout).toMatch(/-:1:1 validate\/too-large expected a (line|document) of at most 1 MiB/);
    }
  });

  it("refuses one JSON Lines line past the bound at its line, on one thread or several; a bigger bound reads it", () => {
    const long = JSON.stringify({ x: "y".repeat(3 * 1024 * 1024) });
    const file = scratch("long.jsonl", `${trailLine}\n${trailLine}\n${long}\n${trailLine}\n`);
    for (const jobs of ["1", "2"]) {
      const r = keel(
        [
          "validate",
          "myrmo",
          "--type",
          "trail",
          "--max-document-size",
          "1MiB",
          "--jobs",
          jobs,
          "--format",
          "json",
          file,
        ],
        undefined,
        // threads even for a small file: its byte ranges are read by the lanes
        { KEEL_VALIDATE_THREAD_BYTES: "0" },
      );
      expect(r.status).toBe(1);
      expect(located(r.stdout)).toEqual(["3:1 validate/too-large"]);
    }
    const bigger = keel([
      "validate",
      "myrmo",
      "--type",
      "trail",
      "--max-document-size",
      "4MiB",
      "--format",
      "json",
      file,
    ]);
    expect(located(bigger.stdout)).not.toContain("3:1 validate/too-large");
  });

  it("refuses a .json or .yaml file past the bound by its size, and a bound that makes no sense", () => {
    const big = scratch("big.json", JSON.stringify({ x: "y".repeat(2 * 1024 * 1024) }));
    const yaml = scratch("big.yaml", `x: ${"y".repeat(2 * 1024 * 1024)}\n`);
    const r = keel(["validate", "myrmo", "--max-document-size", "1MiB", "--format", "json", big, yaml]);
    expect(located(r.stdout)).toEqual(["1:1 validate/too-large", "1:1 validate/too-large"]);
    const bad = keel(["validate", "myrmo", "--max-document-size", "lots", big]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain(
      'expected a size of at least 1 KiB (bytes, or with KiB, MiB, GiB), found "lots"',
    );
  });
});

describe("keel validate --jobs", () => {
  it("clamps more jobs than cores with a note on stderr", () => {
    const file = scratch("one.jsonl", `${trailLine}\n`);
    const r = keel(["validate", "myrmo", "--type", "trail", "--jobs", "1000", file]);
    expect(r.status).toBe(0);
    const cores = availableParallelism();
    expect(r.stderr).toBe(`keel: --jobs 1000 is more than this machine's ${cores} cores: using ${cores}\n`);
  });
});
