// cli: CliChannel.call vs a bare spawn of the same program, started the same way (own process group,
// all pipes), reading stdout and waiting for close.
import { spawn } from "node:child_process";
import { CliChannel } from "../dist/index.js";
import { perCall } from "./time.mjs";

const program = [process.execPath, "-e", 'process.stdout.write(JSON.stringify({ action_id: "a-1" }))'];

export const raw = (n) =>
  perCall(
    n,
    () =>
      new Promise((resolve) => {
        const child = spawn(program[0], program.slice(1), { stdio: "pipe", detached: true });
        let out = "";
        child.stdout.on("data", (c) => (out += c));
        child.stdin.end();
        child.on("close", () => resolve(JSON.parse(out)));
      }),
  );

export const runner = (n) => {
  const cli = new CliChannel({ argv: program }, { timeoutMs: 10_000 });
  return perCall(n, async () => JSON.parse((await cli.call({ argv: [] })).stdout));
};
