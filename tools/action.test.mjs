// action.yml (the GitHub Action wrapper) against the action metadata schema (SchemaStore's github-action
// schema, as @action-validator/core embeds it). tools/packed-install.mjs runs its steps.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { validateAction } from "@action-validator/core";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { repoRoot } from "./packed/public-packages.mjs";

const text = readFileSync(join(repoRoot, "action.yml"), "utf8");

describe("action.yml", () => {
  it("is valid action metadata", () => {
    expect(validateAction(text).errors).toEqual([]);
  });

  it("is refused by the same check when a composite step lacks its shell", () => {
    const broken = text.replace("      shell: bash\n", "");
    expect(broken).not.toBe(text);
    expect(validateAction(broken).errors.map((e) => e.path)).toContain("/runs");
  });

  it("runs the packed @keel/cli through npx and uploads the report folder it writes", () => {
    const action = parse(text);
    expect(action.runs.using).toBe("composite");
    const [keel, upload] = action.runs.steps;
    expect(keel.run).toContain('npx --yes "@keel/cli');
    expect(keel.run).toContain('--out "$KEEL_REPORT_DIR"');
    expect(upload.uses).toMatch(/^actions\/upload-artifact@v\d+$/);
    expect(upload.with.path).toBe(["$", "{{ inputs.report-dir }}"].join(""));
  });
});
