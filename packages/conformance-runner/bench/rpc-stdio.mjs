// rpc-stdio: RpcSession over RpcStdioChannel vs a raw pipe round-trip to the same echo study, started
// the same way (its own session and process group, all three pipes: what keel needs to kill the
// group on every path). `detached` alone costs a lot on a loaded box with scheduler autogroups, as
// the "not detached" row shows; that is start-up placement, not the runner's per-exchange work.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { RpcSession, RpcStdioChannel } from "../dist/index.js";
import { perCall } from "./time.mjs";

const study = [process.execPath, new URL("./echo-study.mjs", import.meta.url).pathname];

export async function raw(n, detached = true) {
  const child = spawn(study[0], study.slice(1), { stdio: "pipe", detached });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const us = await perCall(n, async (id) => {
    child.stdin.write(`${JSON.stringify({ id, method: "run", params: {} })}\n`);
    JSON.parse((await lines.next()).value);
  });
  child.kill();
  return us;
}

export async function runner(n) {
  const channel = new RpcStdioChannel({ program: { argv: study } });
  const session = new RpcSession(channel, { timeouts: { idleMs: 5000, capMs: 60_000 } });
  const us = await perCall(n, () => session.request("run", {}));
  session.close();
  await channel.kill();
  return us;
}
