import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { CliChannel, CliResult } from "../../channels/cli/channel.js";
import { Verdicts } from "../../verdicts.js";
import { slipwayChecks } from "./checks.js";
import type { Called, Context } from "./context.js";
import { judgeError, judgeSuccess } from "./judge.js";

// The real slipway CLI's recorded answers (../shared/peers/slipway/recordings) through the judgments the
// suite makes of every call: none may fail, and each of those checks must be decided (passed) by them.
const root = join(import.meta.dirname, "..", "..", "..", "..", "..");
const dir = join(process.env.KEEL_SHARED ?? join(root, "..", "shared"), "peers", "slipway", "recordings");
const steps = existsSync(dir)
  ? readdirSync(dir)
      .filter((f) => f.endsWith(".argv"))
      .map((f) => f.slice(0, -".argv".length))
      .sort()
  : [];
const read = (step: string, ext: string) => readFileSync(join(dir, `${step}.${ext}`), "utf8");

describe.skipIf(steps.length === 0)("the real slipway's recorded answers", () => {
  it("pass every judgment the suite makes of a call", () => {
    const v = new Verdicts(slipwayChecks);
    const ctx = {
      v,
      program: "slipway",
      cli: {} as CliChannel,
      w: { dir, ws: dir, session: dir, remove() {} },
    } as Context;
    let current: string | undefined;
    for (const step of steps) {
      const argv = read(step, "argv").split("\n").slice(1, -1);
      const exit = Number(read(step, "rc").trim());
      const r: CliResult = {
        exit,
        signal: null,
        stdout: read(step, "stdout"),
        stderr: read(step, "stderr"),
        ms: 0,
      };
      const called: Called = { argv, r, exit };
      if (exit === 0) judgeSuccess(ctx, called, step);
      // an error on an active Run names the action the previous answer left current
      else
        judgeError(ctx, called, step, JSON.parse(r.stderr).details?.state === "active" ? current : undefined);
      if (exit === 0) current = JSON.parse(r.stdout).action?.action_id ?? current;
    }
    const results = v.list();
    expect(results.filter((c) => c.status === "fail").map((c) => `${c.name}: ${c.reason}`)).toEqual([]);
    const judged = [
      "single-document",
      "stdout-document",
      "contract-version",
      "error-envelope",
      "error-exit-code",
      "error-code-known",
      "error-next",
      "next-argv",
      "state-consistent",
      "action-kind",
    ].map((c) => `slipway/${c}`);
    expect(results.filter((c) => judged.includes(c.name)).map((c) => [c.name, c.status])).toEqual(
      judged.map((c) => [c, "pass"]),
    );
  });
});
