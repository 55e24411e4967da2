import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../../../tools/test-kit/temp-dirs.js";
import { runMain as keel, repoRoot } from "./harness.js";

const study = `node ${join(repoRoot, "packages", "reference", "dist", "bin", "mira-study.js")}`;

describe("conform and record option errors are usage errors", () => {
  it("refuses an empty --target with exit 2 and no stack trace", async () => {
    for (const cmd of ["conform", "record"]) {
      const r = await keel([cmd, "mira", "--target", "", "--out", tempDir("keel-usage-")]);
      expect(r.code).toBe(2);
      expect(r.err).toBe("keel: expected --target to name a command or a URL, found nothing\n");
    }
  });

  it("refuses an --out that is an existing file before running, and leaves the file alone", async () => {
    const file = join(tempDir("keel-usage-"), "report.txt");
    writeFileSync(file, "kept\n");
    for (const cmd of ["conform", "record"]) {
      const r = await keel([cmd, "mira", "--target", study, "--out", file]);
      expect(r.code).toBe(2);
      expect(r.err).toBe(
        `keel: expected --out to be a folder (made if missing), found an existing file ${file}\n`,
      );
      expect(r.out).toBe("");
    }
    expect(readFileSync(file, "utf8")).toBe("kept\n");
  });

  it("refuses a suite's own option given to another suite, in one line, as any unknown option", async () => {
    const r = await keel(["conform", "mira", "--target", study, "--max-requests", "5"]);
    expect([r.code, r.err]).toEqual([
      2,
      "keel: expected an option of keel conform or of the mira suite (none of its own), found --max-requests\n",
    ]);
    const rec = await keel([
      "record",
      "mira",
      "--target",
      study,
      "--out",
      tempDir("keel-usage-"),
      "--listen",
      "0",
    ]);
    expect([rec.code, rec.err]).toEqual([
      2,
      "keel: expected an option of keel record or of the mira suite's recording (none of its own), found --listen\n",
    ]);
    const extra = await keel(["record", "mira", "--target", study, "--out", tempDir("keel-usage-"), "run"]);
    expect([extra.code, extra.err]).toEqual([
      2,
      "keel: expected no arguments to record from the mira suite, found run\n",
    ]);
  });
});
