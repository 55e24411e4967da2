import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../../../tools/test-kit/temp-dirs.js";
import { runMain as keel, repoRoot } from "./harness.js";

const noEcho = join(repoRoot, "conformance", "mira", "fakes", "no-echo.mjs");

describe("keel conform on a study that prints control characters", () => {
  it("writes well-formed junit.xml and a pretty report with the characters shown, not sent", async () => {
    const dir = tempDir("keel-hostile-");
    // a failing study (no-echo) that first prints a colour escape and a NUL on its stderr
    const study = join(dir, "hostile.mjs");
    writeFileSync(
      study,
      `process.stderr.write("\\x1b[31mpanic\\x00\\n");\nawait import(${JSON.stringify(noEcho)});\n`,
    );
    const out = join(dir, "reports");
    const r = await keel([
      "conform",
      "mira",
      "--target",
      `node ${study}`,
      "--format",
      "pretty,junit",
      "--out",
      out,
    ]);
    expect(r.code).toBe(1);
    expect(r.out).toContain("  \\u001b[31mpanic\\u0000\n");
    expect(r.out).not.toContain("\x1b");
    const xml = readFileSync(join(out, "junit.xml"), "utf8");
    // biome-ignore lint/suspicious/noControlCharactersInRegex: XML 1.0 forbids these
    expect(xml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/);
    expect(xml).toContain("<system-err>\\u001b[31mpanic\\u0000");
  });
});
