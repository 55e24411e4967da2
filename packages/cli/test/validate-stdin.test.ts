import { execFileSync, spawn } from "node:child_process";
import { createWriteStream, readFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { tempDir } from "../../../tools/test-kit/temp-dirs.js";
import { repoRoot } from "./harness.js";
import { findingsOf } from "./validate-harness.js";

const rich = readFileSync(join(repoRoot, "schemas/myrmo/examples/outcome_report/rich.json"), "utf8");
const report = JSON.stringify(JSON.parse(rich));

/** The built CLI as a child process, its stdin written piece by piece with a pause between the pieces. */
async function keelStdin(args: string[], pieces: (string | Buffer)[]) {
  const child = spawn(process.execPath, [join(repoRoot, "packages/cli/dist/bin.js"), "validate", ...args], {
    cwd: repoRoot,
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (d) => {
    stdout += d;
  });
  child.stderr.on("data", (d) => {
    stderr += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
  for (const piece of pieces) {
    child.stdin.write(piece);
    await sleep(20);
  }
  child.stdin.end();
  return { code: await exited, stdout, stderr };
}

const located = (stdout: string) =>
  findingsOf(stdout).map((f) => `${f.line}:${f.column} ${f.code} ${f.pointer}`);

describe("keel validate -: stdin", () => {
  it("streams JSON Lines as they arrive, lines split across writes keeping their line numbers", async () => {
    const lines = Array.from({ length: 3000 }, () => report);
    lines[1499] = '{"protocol_version": "1.0", "outcome": "maybe"}';
    lines[2999] = "{not json";
    const text = `${lines.join("\n")}\n`;
    // a BOM cut after its first byte, then a cut inside line 1500 and one mid-way through the rest
    const cut = text.indexOf("maybe");
    const pieces = [Buffer.from([0xef]), Buffer.from([0xbb, 0xbf]), text.slice(0, cut), text.slice(cut)];
    pieces.push(...[pieces.pop() as string].flatMap((t) => [t.slice(0, 1000), t.slice(1000)]));
    const r = await keelStdin(["myrmo", "--format", "json", "-"], pieces);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).files[0]).toMatchObject({ file: "-", documents: 3000, invalid: 2 });
    expect(located(r.stdout)).toEqual([
      "1500:1 schema/required /solution_id",
      "1500:1 schema/required /agent_info",
      "1500:29 schema/enum /outcome",
      "3000:2 json/syntax ",
      "1:1 json/bom ",
    ]);
  });

  it("reads one JSON document when the first non-blank line is not a JSON value on its own", async () => {
    const broken = rich.replace('"outcome": "partially_worked"', '"outcome": "sometimes"');
    const r = await keelStdin(
      ["myrmo", "--format", "json", "-"],
      ["\n", broken.slice(0, 40), broken.slice(40)],
    );
    expect(JSON.parse(r.stdout).files[0]).toMatchObject({ documents: 1, invalid: 1 });
    expect(located(r.stdout)).toEqual(["5:3 schema/enum /outcome"]);
    const ok = await keelStdin(["myrmo", "-"], [rich]);
    expect([ok.code, ok.stdout]).toEqual([0, "ok   -: 1 document, 0 invalid\n"]);
  });

  it("--stdin-format overrides the first line: jsonl checks every line, json the whole as one document", async () => {
    const input = `{oops\n${report}\n`;
    const auto = await keelStdin(["myrmo", "--format", "json", "-"], [input]);
    expect(located(auto.stdout)).toEqual(["1:2 json/syntax "]);
    const lines = await keelStdin(["myrmo", "--stdin-format", "jsonl", "--format", "json", "-"], [input]);
    expect(JSON.parse(lines.stdout).files[0]).toMatchObject({ documents: 2, invalid: 1 });
    const whole = await keelStdin(
      ["myrmo", "--stdin-format", "json", "--format", "json", "-"],
      [`${report}\n`],
    );
    expect(JSON.parse(whole.stdout).files[0]).toMatchObject({ documents: 1, invalid: 0 });
    const wrong = await keelStdin(["myrmo", "--stdin-format", "yaml", "-"], [input]);
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain("--stdin-format <format>' argument 'yaml' is invalid");
  });

  it("--jobs 2 on stdin reports exactly what one thread does", async () => {
    const lines = Array.from({ length: 700 }, (_, i) =>
      i % 300 === 5 ? '{"protocol_version": "1.0"}' : report,
    );
    const text = `${lines.join("\n")}\n`;
    const pieces = [text.slice(0, 5000), text.slice(5000)];
    const one = await keelStdin(["myrmo", "--format", "json", "-"], pieces);
    const two = await keelStdin(["myrmo", "--jobs", "2", "--format", "json", "-"], pieces);
    expect(two.stdout).toBe(one.stdout);
    expect(JSON.parse(two.stdout).files[0]).toMatchObject({ documents: 700, invalid: 3 });
  });

  it("--jobs on a .jsonl that is not a regular file (a FIFO) streams it, losing nothing", async () => {
    const fifo = join(tempDir("keel-fifo-"), "piped.jsonl");
    execFileSync("mkfifo", [fifo]);
    const child = spawn(process.execPath, [
      join(repoRoot, "packages/cli/dist/bin.js"),
      "validate",
      "myrmo",
      "--jobs",
      "2",
      "--format",
      "json",
      fifo,
    ]);
    let stdout = "";
    child.stdout.on("data", (d) => {
      stdout += d;
    });
    const exited = new Promise<number | null>((resolve) => child.on("close", resolve));
    const writer = createWriteStream(fifo);
    writer.end(`${Array(5).fill(report).join("\n")}\n`);
    expect(await exited).toBe(0);
    expect(JSON.parse(stdout).files[0]).toMatchObject({ documents: 5, invalid: 0 });
  });

  it("still streams JSON Lines whose first line is broken, told by the second line", async () => {
    const r = await keelStdin(["myrmo", "--format", "json", "-"], [`{"oops\n${report}\n${report}\n`]);
    expect(r.code).toBe(1);
    expect(JSON.parse(r.stdout).files[0]).toMatchObject({ documents: 3, invalid: 1 });
  });
});
