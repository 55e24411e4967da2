import { spawn, spawnSync } from "node:child_process";
import { closeSync, openSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { repoRoot } from "./harness.js";
import { scratch } from "./validate-harness.js";

it("a reader that closes the pipe early (| head) neither crashes keel nor hides the verdict", async () => {
  const trail = JSON.parse(
    readFileSync(join(repoRoot, "schemas/myrmo/examples/trail/distutils.json"), "utf8"),
  );
  const line = JSON.stringify({ ...trail, protocol_version: "x" });
  const file = scratch("many-invalid.jsonl", `${Array(3000).fill(line).join("\n")}\n`);
  const child = spawn(process.execPath, [
    join(repoRoot, "packages/cli/dist/bin.js"),
    "validate",
    "myrmo",
    file,
  ]);
  let stderr = "";
  child.stderr.on("data", (b: Buffer) => {
    stderr += b.toString();
  });
  // read one chunk, then go away like `head -1` does
  child.stdout.once("data", () => child.stdout.destroy());
  const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
  expect({ code, stderr }).toEqual({ code: 1, stderr: "" });
});

it("a write error other than a closed pipe (a full disk) is reported with exit 2, not a stack trace", () => {
  const full = openSync("/dev/full", "w");
  try {
    const r = spawnSync(
      process.execPath,
      [
        join(repoRoot, "packages/cli/dist/bin.js"),
        "validate",
        "myrmo",
        join(repoRoot, "schemas/myrmo/examples/trail/distutils.json"),
      ],
      { stdio: ["ignore", full, "pipe"], encoding: "utf8" },
    );
    expect({ status: r.status, stderr: r.stderr }).toEqual({
      status: 2,
      stderr: "keel: cannot write to stdout (ENOSPC: no space left on device, write)\n",
    });
  } finally {
    closeSync(full);
  }
});
