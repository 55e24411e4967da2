import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { CliChannel, CliResult } from "../../channels/cli/channel.js";
import { Verdicts } from "../../verdicts.js";
import { slipwayChecks } from "./checks.js";
import type { Called, Context } from "./context.js";
import { judgeError, judgeSuccess } from "./judge.js";

// The real slipway CLI's recorded answers (../shared/peers/slipway/recordings*, every recorded session: the
// contract-version one included) through the judgments the suite makes of every call: none may fail or
// warn, and each of those checks must be decided (passed) by them.
const root = join(import.meta.dirname, "..", "..", "..", "..", "..");
const peers = join(process.env.KEEL_SHARED ?? join(root, "..", "shared"), "peers", "slipway");
const sessions = existsSync(peers)
  ? readdirSync(peers)
      .filter((d) => d.startsWith("recordings"))
      .map((d) => join(peers, d))
  : [];
const stepsOf = (dir: string) =>
  readdirSync(dir)
    .filter((f) => f.endsWith(".argv"))
    .map((f) => f.slice(0, -".argv".length))
    .sort();

describe.skipIf(sessions.length === 0)("the real slipway's recorded answers", () => {
  it("covers every recorded session", () => {
    expect(sessions.map((d) => d.split("/").pop())).toEqual(
      expect.arrayContaining(["recordings", "recordings-contract-version"]),
    );
  });

  it.each(sessions)("pass every judgment the suite makes of a call (%s)", (dir) => {
    const read = (step: string, ext: string) => readFileSync(join(dir, `${step}.${ext}`), "utf8");
    const steps = stepsOf(dir);
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
      else judgeError(ctx, called, step, active(r.stderr, current));
      if (exit === 0) current = JSON.parse(r.stdout).action?.action_id ?? current;
    }
    const results = v.list();
    expect(
      results.filter((c) => c.status === "fail" || c.status === "warn").map((c) => `${c.name}: ${c.reason}`),
    ).toEqual([]);
    if (!dir.endsWith("recordings")) return; // a short session: it need not decide every judgment
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

/** The action an error about an active Run leaves current: the details say the state, or the session had one. */
function active(stderr: string, current: string | undefined): string | undefined {
  const details = JSON.parse(stderr).details;
  return details?.state === "active" || (details?.state === undefined && current) ? current : undefined;
}
