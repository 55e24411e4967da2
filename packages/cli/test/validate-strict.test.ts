import { describe, expect, it } from "vitest";
import { runValidate } from "../src/commands/validate.js";
import { repoRoot } from "./harness.js";
import { scratch } from "./validate-harness.js";

// `--strict` is applied once (issue 28 item 4): a document whose only findings are warnings passes without it
// and fails with it, each warning becomes exactly one error, and each such document is one failure — on the
// main thread and on worker threads, for a check's warning, a correlation's and a note about the file.
const file = scratch(
  "warned.jsonl",
  `\ufeff${[
    '{"id":1,"method":"list"}',
    '{"id":2,"method":"list","method":"list"}', // a repeated key: a warning for Mira (lenient readers)
    '{"id":2,"result":{"evals":[]}}',
    '{"id":9,"result":{"evals":[]}}', // answers no request: validate/response-unmatched, a warning
    '{"id":1,"result":{"evals":[]}}',
  ].join("\n")}\n`,
);

async function keel(options: { strict?: boolean; jobs?: number; format: "pretty" | "json" }) {
  let stdout = "";
  const io = {
    out: (t: string) => {
      stdout += t;
    },
    err: () => {},
    cwd: repoRoot,
    isTTY: false,
  };
  const before = process.env.KEEL_VALIDATE_THREAD_BYTES;
  process.env.KEEL_VALIDATE_THREAD_BYTES = "0"; // threads for this small file when --jobs asks for them
  try {
    const code = await runValidate("mira", [file], { engine: "ajv", verbose: true, ...options }, io);
    return { code, stdout: stdout.replaceAll(file, "<file>") };
  } finally {
    if (before === undefined) delete process.env.KEEL_VALIDATE_THREAD_BYTES;
    else process.env.KEEL_VALIDATE_THREAD_BYTES = before;
  }
}

const severities = (stdout: string) =>
  (JSON.parse(stdout).files[0].findings as { code: string; severity: string }[]).map(
    (f) => `${f.severity} ${f.code}`,
  );

describe("--strict on documents whose only findings are warnings", () => {
  it("passes them without --strict", async () => {
    const r = await keel({ format: "json" });
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).files[0]).toMatchObject({ documents: 5, invalid: 0 });
    expect(severities(r.stdout)).toEqual([
      "warning json/duplicate-key",
      "warning validate/response-unmatched",
      "warning json/bom",
    ]);
  });

  it.each([1, 2])(
    "fails each of them once with --strict (--jobs %i): one error per warning",
    async (jobs) => {
      const r = await keel({ format: "json", strict: true, jobs });
      expect(r.code).toBe(1);
      // two documents warned; the byte order mark is about the file and counts no document more
      expect(JSON.parse(r.stdout).files[0]).toMatchObject({ documents: 5, invalid: 2 });
      expect(severities(r.stdout)).toEqual([
        "error json/duplicate-key",
        "error validate/response-unmatched",
        "error json/bom",
      ]);
      const pretty = await keel({ format: "pretty", strict: true, jobs });
      expect(pretty.stdout.split("\n")[1]).toMatch(/^FAIL <file>: 5 documents, 2 invalid(,|$)/);
      expect(pretty.stdout).toContain("1 files, 5 documents, 2 invalid (3 errors, 0 warnings)");
      expect(pretty.stdout.match(/duplicate-key/g)).toHaveLength(1);
    },
  );
});
