// Runner overhead per exchange vs a raw pipe round-trip (the floor), measured in the same run against
// the same echo study: `node bench/overhead.mjs [exchanges]` after `pnpm build`.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";
import { RpcSession, RpcStdioChannel } from "../dist/index.js";

const n = Number(process.argv[2] ?? 2000);
const study = `node ${new URL("./echo-study.mjs", import.meta.url).pathname}`;

async function raw() {
  const child = spawn(study, { shell: true, stdio: ["pipe", "pipe", "inherit"] });
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  child.stdin.write(`${JSON.stringify({ id: 0, method: "run" })}\n`); // warm-up, as for the runner
  await lines.next();
  const t0 = process.hrtime.bigint();
  for (let id = 1; id <= n; id++) {
    child.stdin.write(`${JSON.stringify({ id, method: "run", params: {} })}\n`);
    JSON.parse((await lines.next()).value);
  }
  const ns = Number(process.hrtime.bigint() - t0);
  child.kill();
  return ns / n / 1000;
}

async function runner() {
  const transport = new RpcStdioChannel({ program: { shell: study } });
  const session = new RpcSession(transport, { timeouts: { idleMs: 5000, capMs: 60_000 } });
  await session.request("run", {}); // warm-up: process start is not per-exchange cost
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) await session.request("run", {});
  const ns = Number(process.hrtime.bigint() - t0);
  session.close();
  await transport.kill();
  return ns / n / 1000;
}

await raw(); // warm the JIT for both paths
const floor = await raw();
const ours = await runner();
console.log(
  `${n} sequential exchanges: raw pipe ${floor.toFixed(1)} µs, runner ${ours.toFixed(1)} µs, ratio ${(ours / floor).toFixed(2)}× (target < 2×)`,
);
