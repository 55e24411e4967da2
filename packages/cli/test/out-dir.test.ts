import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../../../tools/test-kit/temp-dirs.js";
import { outDir } from "../src/commands/out-dir.js";
import { runMain as keel, repoRoot } from "./harness.js";

const study = `node ${join(repoRoot, "packages", "reference", "dist", "bin", "mira-study.js")}`;

describe("an --out folder is proven usable before the run", () => {
  it("makes a missing folder (and its parents) and leaves nothing else in it", () => {
    const dir = join(tempDir("keel-out-"), "a", "b");
    expect(outDir(repoRoot, dir)).toBe(dir);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("refuses a path under a file, and one on /proc, in one line without making anything", () => {
    const base = tempDir("keel-out-");
    writeFileSync(join(base, "file"), "");
    expect(() => outDir(base, "file/reports")).toThrow(
      "expected --out to be a folder (made if missing), found a file at file (no folder can be made under it)",
    );
    // Node's recursive mkdir never returns under /proc: the folders are made one at a time
    expect(() => outDir(base, "/proc/keel-reports/x")).toThrow(
      /^expected --out to be a folder \(made if missing\), found \/proc\/keel-reports\/x cannot be made or written \(E[A-Z]+\)$/,
    );
    expect(existsSync("/proc/keel-reports")).toBe(false);
  });

  it.skipIf(process.getuid?.() === 0)("refuses a read-only folder and removes what it made", () => {
    const base = tempDir("keel-out-");
    mkdirSync(join(base, "ro"), { mode: 0o555 });
    expect(() => outDir(base, "ro/x")).toThrow(/cannot be made or written \(EACCES\)/);
  });
});

describe("keel conform --out", { timeout: 60_000 }, () => {
  it("refuses an unusable --out before running anything (exit 2, one line)", async () => {
    const r = await keel(["conform", "mira", "--target", study, "--out", "/proc/keel-reports"]);
    expect(r.code).toBe(2);
    expect(r.err).toMatch(
      /^keel: expected --out to be a folder \(made if missing\), found \/proc\/keel-reports cannot be made or written \(E[A-Z]+\)\n$/,
    );
    expect(r.out).toBe("");
  });

  it("a report that cannot be written at the end: the verdict table still printed, the verdict's exit code, a clear error", async () => {
    const dir = join(tempDir("keel-out-"), "reports");
    // the target takes the folder away while the suite runs (it becomes a file), as a full disk would fail the write
    const target = `rm -rf ${dir} && touch ${dir} && exec ${study}`;
    const r = await keel(["conform", "mira", "--target", target, "--format", "json", "--out", dir]);
    expect(r.code).toBe(0);
    expect(r.out).toMatch(/mira/);
    expect(r.err).toContain(`keel: cannot write ${join(dir, "report.json")} (`);
    expect(r.err).not.toMatch(/\n\s+at /);
  });
});
