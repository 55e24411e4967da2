import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { StdioNdjsonTransport } from "../transports/stdio-ndjson.js";
import { runMiraSuite } from "./suite.js";

const fakes = join(import.meta.dirname, "..", "..", "..", "..", "conformance", "mira", "fakes");
const options = { maxCases: 6, concurrency: 4, timeouts: { idleMs: 800, capMs: 5000 }, exitMs: 1500 };
const suite = (fake: string) =>
  runMiraSuite(new StdioNdjsonTransport({ command: `node ${join(fakes, fake)}` }), options);

describe("runMiraSuite", () => {
  it("passes a well-behaved study, skipping only what it does not advertise", async () => {
    const run = await suite("_baseline.mjs");
    const notPassed = run.checks.filter((c) => c.status !== "pass").map((c) => [c.name, c.status, c.reason]);
    expect(notPassed).toEqual([
      ["mira/execute-valid", "skip", "capability execute not advertised"],
      ["mira/score-valid", "skip", "capability score not advertised"],
    ]);
    expect(run.capabilities).toEqual(["events", "paginate", "cancel", "trials"]);
  });

  it("names the check a garbage line breaks and shows the line", async () => {
    const run = await suite("garbage.mjs");
    const failed = run.checks.filter((c) => c.status === "fail");
    expect(failed.map((c) => [c.name, c.reason, c.actual])).toEqual([
      ["mira/stdout-json", "stdout line 1 is not JSON", "fake study v0 ready"],
    ]);
  });

  it("reports a target that cannot start instead of judging it", async () => {
    const run = await runMiraSuite(
      new StdioNdjsonTransport({ command: "keel-no-such-command-here" }),
      options,
    );
    expect(run.couldNotStart).toMatch(/could not be started \(the implementation exited with code 127\)/);
  });
});
