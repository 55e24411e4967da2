// served: a host spawning keel's shim (which asks the runner, which answers) vs a bare shim process
// that prints the same answer itself, both started by the same node.
import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { ServedChannel } from "../dist/index.js";
import { perCall } from "./time.mjs";

const answer = '{"action_id":"a-1"}';
const run = (file, env) =>
  new Promise((resolve) => {
    const child = spawn(file, ["act", "--run", "r 1"], { env, stdio: ["pipe", "pipe", "inherit"] });
    let out = "";
    child.stdout.on("data", (c) => (out += c));
    child.stdin.end();
    child.on("close", () => resolve(out));
  });

export async function raw(n) {
  const served = await ServedChannel.open({ name: "slipway" }); // only for its folder
  const bare = join(served.dir, "bare-slipway");
  writeFileSync(bare, `#!${process.execPath}\nprocess.stdout.write(${JSON.stringify(answer)});\n`, {
    mode: 0o755,
  });
  const us = await perCall(n, () => run(bare, process.env));
  await served.close();
  return us;
}

export async function runner(n) {
  const served = await ServedChannel.open({ name: "slipway" });
  const env = served.env();
  const us = await perCall(n, async () => {
    const out = run(served.shimPath, env);
    const call = await served.next(10_000);
    call?.reply({ stdout: answer });
    await out;
  });
  await served.close();
  return us;
}
