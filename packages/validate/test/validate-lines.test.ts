import { createReadStream, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { tempDir } from "../../../tools/test-kit/temp-dirs.js";
import { validateFiles, validateLines } from "../src/index.js";

const repoRoot = join(import.meta.dirname, "..", "..", "..");
const report = JSON.parse(
  readFileSync(join(repoRoot, "schemas/myrmo/examples/outcome_report/minimal.json"), "utf8"),
) as Record<string, unknown>;
// valid, an enum fault, a repeated key, not JSON, blank, a missing property, valid
const lines = [
  JSON.stringify(report),
  JSON.stringify({ ...report, outcome: "fixed" }),
  JSON.stringify(report).replace("{", '{"outcome":"worked",'),
  "{not json",
  "",
  JSON.stringify({ ...report, agent_info: undefined }),
  JSON.stringify(report),
];

const collect = async <T>(items: AsyncIterable<T>): Promise<T[]> => {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
};

it("yields, from a stream read in small chunks, the findings keel validate reports for the same file", async () => {
  const file = join(tempDir("keel-validate-lines-"), "reports.jsonl");
  writeFileSync(file, `${lines.join("\n")}\n`);
  const [expected] = await validateFiles(
    "myrmo",
    [file],
    { engine: "ajv", type: "outcome_report" },
    { cwd: repoRoot },
  );
  const found = await collect(
    validateLines(createReadStream(file, { highWaterMark: 64 }), "myrmo", { type: "outcome_report" }),
  );
  expect(expected?.findings.length).toBeGreaterThanOrEqual(4);
  expect(found.map(({ frame, ...f }) => ({ ...f, file }))).toEqual(expected?.findings);
  expect(found.map((f) => f.frame)).toEqual(expected?.frames);
  expect(new Set(found.map((f) => f.line))).toEqual(new Set([2, 3, 4, 6]));
});

it("reads strings as well as bytes, detects each line's type, and refuses an unknown type before reading", async () => {
  async function* text() {
    yield lines.slice(0, 2).join("\n").slice(0, 50);
    yield `${lines.slice(0, 2).join("\n").slice(50)}\n`;
  }
  const found = await collect(validateLines(text(), "myrmo"));
  expect(found.map((f) => [f.line, f.code])).toEqual([[2, "schema/enum"]]);
  await expect(collect(validateLines(text(), "myrmo", { type: "nope" }))).rejects.toThrow(/found "nope"/);
});

it("promotes each warning once under strict, as validateFiles does: the same findings, every one an error", async () => {
  // Mira (lenient readers): a repeated key is a warning; a byte order mark is a note about the stream
  const mira = ['{"id":1,"method":"list","method":"list"}', '{"id":2,"method":"list"}'].join("\n");
  const file = join(tempDir("keel-validate-lines-strict-"), "mira.jsonl");
  writeFileSync(file, `\ufeff${mira}\n`);
  const run = (strict: boolean) => collect(validateLines(createReadStream(file), "mira", { strict }));
  const plain = (await run(false)).map((f) => `${f.line} ${f.severity} ${f.code}`);
  expect(plain).toEqual(["1 warning json/duplicate-key", "1 warning json/bom"]);
  const strict = (await run(true)).map((f) => `${f.line} ${f.severity} ${f.code}`);
  expect(strict).toEqual(["1 error json/duplicate-key", "1 error json/bom"]);
  const [files] = await validateFiles("mira", [file], { engine: "ajv", strict: true }, { cwd: repoRoot });
  expect(files?.findings.map((f) => `${f.line} ${f.severity} ${f.code}`)).toEqual(strict);
  expect(files?.invalid).toBe(1);
});
