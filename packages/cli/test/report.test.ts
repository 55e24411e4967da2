import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../../../tools/test-kit/temp-dirs.js";
import { runMain as keel, repoRoot } from "./harness.js";

const study = `node ${join(repoRoot, "packages", "reference", "dist", "bin", "mira-study.js")}`;
const golden = join(repoRoot, "conformance", "mira", "exchanges");

describe("keel conform --shard, then keel report", { timeout: 600_000 }, () => {
  it("splits a run into shards whose merged report is the whole run, as a matrix page, JSON, JUnit and a badge", async () => {
    const base = tempDir("keel-report-");
    const shard = async (i: number) => {
      const out = join(base, `shard-${i}`);
      const r = await keel([
        "conform",
        "mira",
        "--target",
        study,
        "--golden",
        golden,
        "--shard",
        `${i}/2`,
        "--label",
        "reference study",
        "--format",
        "json,html",
        "--out",
        out,
      ]);
      expect(r.err).toBe("");
      expect(r.code).toBe(0);
      return JSON.parse(readFileSync(join(out, "report.json"), "utf8"));
    };
    const [one, two] = [await shard(1), await shard(2)];
    // every unit in exactly one shard: the suite's own checks, then the golden exchanges round-robin
    expect(one.shard.units[0]).toBe("suite");
    expect([...one.shard.units, ...two.shard.units].sort()).toEqual(
      ["suite", ...readdirSync(golden).map((f) => `exchange/${f.replace(/\.json$/, "")}`)].sort(),
    );
    expect(two.checks.every((c: { name: string }) => c.name.startsWith("exchange/"))).toBe(true);
    expect(existsSync(join(base, "shard-1", "report.html"))).toBe(true);

    const merged = join(base, "merged");
    const r = await keel([
      "report",
      join(base, "shard-1", "report.json"),
      join(base, "shard-2", "report.json"),
      "--out",
      merged,
    ]);
    expect(r.code).toBe(0);
    expect(readdirSync(merged).sort()).toEqual([
      "badge-mira-reference-study.svg",
      "junit.xml",
      "report.html",
      "report.json",
    ]);
    const set = JSON.parse(readFileSync(join(merged, "report.json"), "utf8"));
    expect(set.runs).toHaveLength(1);
    expect(set.runs[0].checks).toHaveLength(one.checks.length + two.checks.length);
    const page = readFileSync(join(merged, "report.html"), "utf8");
    expect(page).toContain("2 of 2 shards");
    const judged = set.runs[0].checks.length - set.runs[0].counts.skip;
    expect(readFileSync(join(merged, "badge-mira-reference-study.svg"), "utf8")).toContain(
      `conformance: ${set.runs[0].counts.pass}/${judged}`,
    );
    expect(readFileSync(join(merged, "junit.xml"), "utf8")).toContain(
      'testsuite name="keel conform mira · reference study"',
    );
  });

  it("refuses a report it cannot read: one line, exit 2, nothing written", async () => {
    const base = tempDir("keel-report-");
    const future = join(base, "future.json");
    writeFileSync(future, JSON.stringify({ report: "keel-conform", reportVersion: 9, keel: "9.0.0" }));
    const r = await keel(["report", future, "--out", join(base, "out")]);
    expect(r.code).toBe(2);
    expect(r.err).toBe(
      `keel: ${future}: expected a keel conformance report (version 1), found reportVersion 9 (written by keel 9.0.0; use that keel's \`keel report\`)\n`,
    );
    expect(existsSync(join(base, "out"))).toBe(false);
  });
});
