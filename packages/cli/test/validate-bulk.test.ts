import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { repoRoot } from "./harness.js";
import { findingsOf, scratch, validate } from "./validate-harness.js";

const report = JSON.stringify(
  JSON.parse(readFileSync(join(repoRoot, "schemas/myrmo/examples/outcome_report/rich.json"), "utf8")),
);

describe("keel validate: JSON Lines corpora are streamed", () => {
  it("keeps line numbers across read chunks, for lines that straddle them and a line longer than a chunk", async () => {
    const lines = Array.from({ length: 5000 }, () => report);
    lines[2999] = "{not json";
    lines[4000] = `{"protocol_version": "1.0", "outcome": "${"x".repeat(3 << 20)}"}`; // 3 MB: several chunks
    const r = await validate("myrmo", [scratch("corpus.ndjson", `\uFEFF${lines.join("\n")}\n`)], {
      format: "json",
    });
    expect(JSON.parse(r.stdout).files[0]).toMatchObject({ documents: 5000 });
    const found = findingsOf(r.stdout).map((f) => `${f.line} ${f.code} ${f.pointer}`);
    expect(found).toContain("3000 json/syntax ");
    expect(found).toContain("4001 schema/enum /outcome");
    expect(JSON.parse(r.stdout).files[0].invalid).toBe(2);
    expect(findingsOf(r.stdout).map((f) => f.code)).toContain("json/bom");
  });

  it("draws progress on a terminal's stderr and ends several files with a summary", async () => {
    const file = scratch("many.jsonl", `${Array.from({ length: 2500 }, () => report).join("\n")}\n`);
    const r = await validate("myrmo", [file, scratch("one-bad.jsonl", "{}\n")], { isTTY: true });
    expect(r.stderr).toContain("\r<dir>/many.jsonl: 2000 documents, 0 invalid");
    expect(r.stdout.trim().split("\n").at(-1)).toBe(
      "2 files, 2501 documents, 1 invalid (1 errors, 0 warnings)",
    );
    expect((await validate("myrmo", [file])).stderr).toBe("");
  });

  it("--jobs 2 spreads the lines over worker threads and reports exactly what one thread does", async () => {
    const lines = Array.from({ length: 1200 }, (_, i) =>
      i % 500 === 7 ? '{"protocol_version": "1.0"}' : report,
    );
    lines[900] = "{oops";
    // what line renumbering across byte ranges must survive: a BOM, blank and CRLF lines, a line far longer
    // than a range (64 KB at least), invalid UTF-8 late in the file
    lines[0] = `\ufeff${report}`;
    lines[300] = "";
    lines[400] = `${report}\r`;
    lines[600] = `"${"x".repeat(200_000)}`;
    const text = Buffer.from(`${lines.join("\n")}\n`);
    const bad = Buffer.from([0x7b, 0x22, 0xff, 0x22, 0x7d, 0x0a]);
    const file = scratch("jobs.ndjson", Buffer.concat([text, bad, Buffer.from(`${report}\n`)]));
    const run = (...extra: string[]) =>
      spawnSync(
        process.execPath,
        [join(repoRoot, "packages/cli/dist/bin.js"), "validate", "myrmo", ...extra, "--format", "json", file],
        // threads even for this small file, so the byte-range path is what runs
        { encoding: "utf8", env: { ...process.env, KEEL_VALIDATE_THREAD_BYTES: "0" } },
      );
    const one = run();
    const two = run("--jobs", "2");
    expect(two.status).toBe(1);
    expect(two.stdout).toBe(one.stdout);
    expect(JSON.parse(two.stdout).files[0]).toMatchObject({ documents: 1201, invalid: 6 });
    expect(JSON.parse(two.stdout).files[0].findings.map((f: { line: number }) => f.line)).toEqual([
      8,
      508,
      601,
      901,
      1008,
      1201,
      1, // the BOM note comes last, as with one thread
    ]);
    expect(run("--jobs", "0").status).toBe(2);
  });
});
