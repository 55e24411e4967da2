import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
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
}, 30_000);
