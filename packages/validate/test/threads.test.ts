import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { findRoot, loadRegistry } from "@keel/schema-model";
import { afterAll, expect, it } from "vitest";

// Worker threads start from the compiled entry beside lanes.js (`new URL("./worker.js", import.meta.url)`),
// so this runs the built package (`dist/`), as `keel validate --jobs` does; the types are the sources'.
const built = (path: string) => import(pathToFileURL(join(import.meta.dirname, "..", "dist", path)).href);
const engine = (await built("index.js")) as typeof import("../src/index.js");
const threads = (await built("threads/lanes.js")) as typeof import("../src/threads/lanes.js");

const repoRoot = join(import.meta.dirname, "..", "..", "..");
const dir = mkdtempSync(join(tmpdir(), "keel-validate-threads-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const report = JSON.parse(
  readFileSync(join(repoRoot, "schemas/myrmo/examples/outcome_report/minimal.json"), "utf8"),
) as Record<string, unknown>;
const valid = JSON.stringify(report);
const invalid = JSON.stringify({ ...report, outcome: "fixed" });

it("starts a worker thread from the built package's entry, and it answers a batch as the main thread does", async () => {
  const root = findRoot(repoRoot);
  const registry = loadRegistry(root);
  const settings = { root, registry, protocol: "myrmo", check: { engine: "ajv" as const } };
  const check = engine.makeCheck(
    { root, registry, protocol: "myrmo" },
    await engine.loadProtocol("myrmo"),
    settings.check,
  );
  const [main, worker] = threads.lanes(settings, { check }, 2);
  try {
    // a worker that cannot start (its entry not found) is passed over silently: prove this one started
    expect(await worker?.ready).toBe(true);
    const batch = {
      kind: "jsonl" as const,
      documents: [
        { line: 1, text: valid },
        { line: 2, text: invalid },
      ],
    };
    const reply = await worker?.send(batch);
    expect(reply).toEqual(await main?.send(batch));
    expect(reply).toMatchObject({ results: [{ valid: true }, { valid: false }] });
  } finally {
    await Promise.all([main?.close(), worker?.close()]);
  }
});

it.runIf(availableParallelism() > 1)(
  "checks a JSON Lines file on worker threads from the built package exactly as the main thread does",
  async () => {
    const lines = Array.from({ length: 600 }, (_, i) => (i % 200 === 5 ? invalid : valid));
    lines[0] = `\ufeff${valid}`;
    lines[450] = "{oops";
    const file = join(dir, "reports.jsonl");
    writeFileSync(file, `${lines.join("\n")}\n`);
    const run = (jobs: number) =>
      engine.validateFiles("myrmo", [file], { engine: "ajv", jobs }, { cwd: repoRoot });
    const before = process.env.KEEL_VALIDATE_THREAD_BYTES;
    process.env.KEEL_VALIDATE_THREAD_BYTES = "0"; // threads even for this small file
    try {
      const [two, one] = [await run(2), await run(1)];
      expect(two).toEqual(one);
      expect(two[0]).toMatchObject({ documents: 600, invalid: 4 });
      expect(two[0]?.findings.map((f) => `${f.line} ${f.code}`)).toEqual([
        "6 schema/enum",
        "206 schema/enum",
        "406 schema/enum",
        "451 json/syntax",
        "1 json/bom",
      ]);
    } finally {
      if (before === undefined) delete process.env.KEEL_VALIDATE_THREAD_BYTES;
      else process.env.KEEL_VALIDATE_THREAD_BYTES = before;
    }
  },
  60_000,
);
