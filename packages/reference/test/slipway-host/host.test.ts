import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { conform } from "@keel/conformance-runner";
import { describe, expect, it } from "vitest";
import { root, bin as slipwayBin, tutorial } from "../slipway/harness.js";

const hostBin = join(root, "packages", "reference", "dist", "bin", "slipway-host.js");
const goal = "add one tutorial line to README.md";

/** A `slipway` on PATH: a shell script that runs the given node script with the call's arguments. */
function onPath(dir: string, script: string): NodeJS.ProcessEnv {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "slipway"), `#!/bin/sh\nexec "${process.execPath}" ${script} "$@"\n`, {
    mode: 0o755,
  });
  return { ...process.env, PATH: `${dir}:${process.env.PATH}`, SLIPWAY: "" };
}

describe("keel-slipway-host", () => {
  it("drives the reference slipway on PATH through the tutorial goal to an ended Run, review included", () => {
    const t = tutorial();
    try {
      const env = onPath(join(t.dir, "bin"), JSON.stringify(slipwayBin));
      const r = spawnSync(process.execPath, [hostBin, "--goal", goal], { cwd: t.ws, env, encoding: "utf8" });
      expect([r.status, r.stderr]).toEqual([0, "keel-slipway-host: run is ended\n"]);
      expect(readFileSync(join(t.ws, "README.md"), "utf8")).toMatch(/added by keel's reference slipway host/);
      const status = spawnSync(process.execPath, [slipwayBin, "status", "--json", "--root", t.ws], {
        cwd: t.ws,
        encoding: "utf8",
      });
      const [listed] = JSON.parse(status.stdout).runs;
      const one = spawnSync(process.execPath, [slipwayBin, "status", listed.id, "--json", "--root", t.ws], {
        cwd: t.ws,
        encoding: "utf8",
      });
      const run = JSON.parse(one.stdout);
      expect(run.state).toBe("ended");
      expect(run.actions.map((a: { action: { kind: string } }) => a.action.kind)).toEqual([
        "orient",
        "implement",
        "review",
        "summarize",
      ]);
    } finally {
      t.remove();
    }
  });

  it("stops before anything else when `slipway list` is another product (exit 1, one call)", () => {
    const t = tutorial();
    try {
      const calls = join(t.dir, "calls.txt");
      const foreign = join(t.dir, "foreign.js");
      writeFileSync(
        foreign,
        `require("node:fs").appendFileSync(${JSON.stringify(calls)}, process.argv.slice(2).join(" ") + "\\n");
process.stdout.write(JSON.stringify({ version: 1, hosts: [] }));`,
      );
      const env = onPath(join(t.dir, "bin"), JSON.stringify(foreign));
      const r = spawnSync(process.execPath, [hostBin, "--goal", goal], { cwd: t.ws, env, encoding: "utf8" });
      expect(r.status).toBe(1);
      expect(readFileSync(calls, "utf8")).toBe(`list --json --root ${t.ws}\n`);
    } finally {
      t.remove();
    }
  });

  it("bad arguments: exit 2 with the usage", () => {
    const r = spawnSync(process.execPath, [hostBin, "--budget", "x"], { encoding: "utf8" });
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/usage:/);
  });

  it("passes every check of keel conform slipway-host, in every scenario", async () => {
    const report = await conform({
      suite: "slipway-host",
      target: `node ${hostBin} --goal {goal}`,
      own: { backing: `node ${slipwayBin}`, "scenario-timeout": 30_000 },
      // one scenario at a time: other test files run beside this one
      concurrency: 1,
    });
    expect(report.checks.filter((c) => c.status !== "pass").map((c) => [c.name, c.reason])).toEqual([]);
  });
});
