import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { tempDir } from "../../../tools/test-kit/temp-dirs.js";
import { keel } from "./harness.js";

describe("keel compat --format html --out DIR", () => {
  it("writes report.html: each finding with old and new schema side by side at its pointer and its effect per reader", async () => {
    const dir = tempDir("keel-compat-html-");
    const schema = "https://json-schema.org/draft/2020-12/schema";
    const older = {
      $schema: schema,
      type: "object",
      properties: {
        a: { type: "integer", maximum: 5, description: "</script><script>window.pwned=1</script>" },
      },
    };
    const newer = {
      $schema: schema,
      type: "object",
      properties: {
        a: { type: "integer", maximum: 3, description: "</script><script>window.pwned=1</script>" },
      },
    };
    writeFileSync(join(dir, "old.json"), JSON.stringify(older));
    writeFileSync(join(dir, "new.json"), JSON.stringify(newer));
    const r = await keel([
      "compat",
      "--from",
      join(dir, "old.json"),
      "--to",
      join(dir, "new.json"),
      "--bump",
      "minor",
      "--format",
      "html",
      "--out",
      join(dir, "out"),
    ]);
    expect([r.code, r.stdout]).toEqual([1, ""]);
    const page = readFileSync(join(dir, "out", "report.html"), "utf8");
    expect(page).toContain('<span class="st verdict fail">breaking</span>');
    expect(page).toContain("old and new schema at the pointer");
    // the maximum that moved is what differs: marked on both sides
    expect(page).toMatch(/&#34;maximum&#34;: <mark>5<\/mark>/);
    expect(page).toMatch(/&#34;maximum&#34;: <mark>3<\/mark>/);
    expect(page).toContain("old strict reader");
    expect(page.match(/<script\b/g)).toHaveLength(1);
  });
});
