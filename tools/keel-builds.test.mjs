import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildsFor, turboArgs } from "./keel-builds.mjs";

const root = join(import.meta.dirname, "..");

/** The packages turbo would build for a filter (a dry run: nothing is built). */
function wouldBuild(filter) {
  const r = spawnSync("pnpm", turboArgs(filter, ["--dry=json"]), {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, TURBO_TELEMETRY_DISABLED: "1", TURBO_NO_UPDATE_NOTIFIER: "1" },
  });
  expect(r.status).toBe(0);
  return JSON.parse(r.stdout)
    .tasks.map((t) => t.package)
    .sort();
}

describe("pnpm keel gen", () => {
  it("requires only what codegen runs: a protocol package that does not compile cannot block its repair", () => {
    const required = buildsFor(["gen", "--check"]).builds.filter((b) => b.required);
    expect(required.flatMap((b) => wouldBuild(b.filter))).toEqual([
      "@keel/codegen",
      "@keel/compat",
      "@keel/diagnostics",
      "@keel/downgrade",
      "@keel/schema-model",
      "@keel/zod-runtime",
    ]);
  });

  it("builds the cli and what it is built from for every other command", () => {
    const { isGen, builds } = buildsFor(["validate", "x.json"]);
    expect(isGen).toBe(false);
    expect(builds.every((b) => b.required)).toBe(true);
    expect(wouldBuild(builds[0].filter)).toContain("@keel/myrmo");
  });
});
