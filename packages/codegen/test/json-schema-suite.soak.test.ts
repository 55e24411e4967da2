import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Draft } from "@keel/schema-model";
import { afterAll, describe, expect, test } from "vitest";
import {
  type KeywordCount,
  measureDraft,
  SUITE_DRAFTS,
  suiteAvailable,
  suiteMarkdown,
} from "./json-schema-suite.js";
import { root } from "./zod-support.js";

// Issue 32: keel's generator on the official JSON Schema test suite (a CI input in ../shared), per draft.
// The floors are the measured counts: passed may only rise, wrong verdicts only fall.
const FLOOR: Record<Draft, { passed: number; wrongVerdicts: number }> = {
  "draft-04": { passed: 581, wrongVerdicts: 6 },
  "draft-06": { passed: 786, wrongVerdicts: 6 },
  "draft-07": { passed: 842, wrongVerdicts: 6 },
  "2019-09": { passed: 922, wrongVerdicts: 11 },
  "2020-12": { passed: 920, wrongVerdicts: 26 },
};

const scratch = join(import.meta.dirname, ".zod-out", "json-schema-suite");
const page = join(root, "docs", "json-schema-suite.md");
const results: [Draft, KeywordCount[]][] = [];
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe.skipIf(!suiteAvailable())("the JSON Schema test suite", () => {
  test.each(Object.keys(SUITE_DRAFTS) as Draft[])("%s", async (draft) => {
    const counts = await measureDraft(draft, scratch);
    results.push([draft, counts]);
    const passed = counts.reduce((n, c) => n + c.passed, 0);
    const wrong = counts.reduce(
      (n, c) =>
        n + Object.entries(c.reasons).reduce((m, [why, k]) => m + (why.startsWith("generation") ? 0 : k), 0),
      0,
    );
    expect(passed).toBeGreaterThanOrEqual(FLOOR[draft].passed);
    expect(wrong).toBeLessThanOrEqual(FLOOR[draft].wrongVerdicts);
  });

  test("docs/json-schema-suite.md holds these counts", () => {
    const text = suiteMarkdown(results);
    if (process.env.KEEL_UPDATE_SUITE === "1") writeFileSync(page, text);
    expect(existsSync(page) ? readFileSync(page, "utf8") : "").toBe(text);
  });
});
