import { appendFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { match } from "@keel/conformance-runner";
import { afterAll, describe, expect, it } from "vitest";
import { expectation, type Mapping, mapText, masked } from "./expectation.js";
import { documentFindings, recordings, slipway, tutorial } from "./harness.js";

// The proof: every step of the real slipway's recorded session (../shared/peers/slipway/recordings,
// made by its lifecycle.sh), replayed in order against keel-slipway in a fresh tutorial workspace. Ids
// the real binary issued are captured from our earlier answers and put into later argv and outcome
// files; recorded paths become ours. Each step must give the recorded exit code, and stdout/stderr
// equal to the recording byte for byte once volatile tokens are masked, and through the runner's
// matchers (strict: no extra keys) with ids, digests and HEAD captured consistently across steps.
const steps = existsSync(recordings)
  ? readdirSync(recordings)
      .filter((f) => f.endsWith(".argv"))
      .map((f) => f.slice(0, -".argv".length))
      .sort()
  : [];

describe.skipIf(steps.length === 0)("keel-slipway replays the real slipway's recorded session", () => {
  const t = tutorial();
  afterAll(() => t.remove());
  const m: Mapping = {
    // lifecycle.sh wrote the goal file beside the workspace, not in it (the run-start git status is clean)
    paths: [
      ["/home/dev/tutorial/goal.txt", join(t.session, "goal.txt")],
      ["/home/dev/tutorial", t.ws],
      ["/home/dev/session", t.session],
    ],
    captures: new Map(),
  };
  const read = (step: string, ext: string) => readFileSync(join(recordings, `${step}.${ext}`), "utf8");

  it.each(steps)("%s", (step) => {
    // what lifecycle.sh did between steps
    if (step.startsWith("06-")) appendFileSync(join(t.ws, "README.md"), "Protocol v2 lifecycle completed.\n");
    if (step.startsWith("12-")) writeFileSync(join(t.session, "goal.txt"), "second run via goal file");
    const argv = read(step, "argv")
      .split("\n")
      .slice(0, -1)
      .map((w) => mapText(w, m));
    for (const arg of argv) {
      const file = join(recordings, basename(arg));
      if (arg.endsWith(".json") && existsSync(file))
        writeFileSync(join(t.session, basename(arg)), mapText(readFileSync(file, "utf8"), m));
    }
    const call = slipway(argv.slice(1), { cwd: t.session });
    expect({ step, rc: call.rc }).toEqual({ step, rc: Number(read(step, "rc").trim()) });
    expect(documentFindings(argv, call)).toEqual([]);
    for (const stream of ["stdout", "stderr"] as const) {
      const recorded = read(step, stream);
      const ours = call[stream];
      if (recorded === "") {
        expect(ours, `${step} ${stream}`).toBe("");
        continue;
      }
      expect(masked(ours), `${step} ${stream} (volatile tokens masked)`).toBe(masked(mapText(recorded, m)));
      const mismatches = match(expectation(JSON.parse(recorded), m), JSON.parse(ours), {
        captures: m.captures,
        strict: true,
      });
      expect(mismatches, `${step} ${stream}`).toEqual([]);
    }
  });
});
