// Runner overhead per exchange vs a raw round-trip on each channel, measured in the same run:
// `node bench/run.mjs` after `pnpm build`. Target: runner ≤ 1.5× raw on every channel. Each row keeps the
// best of several alternating rounds, so load from elsewhere on a shared box hits both sides alike.
import * as cli from "./cli.mjs";
import * as http from "./http.mjs";
import * as rpc from "./rpc-stdio.mjs";
import * as served from "./served.mjs";
import { compare } from "./time.mjs";

const TARGET = 1.5;
const colony = await http.start();
const rows = [
  ["rpc-stdio", "raw pipe", 2000, 7, rpc.raw, rpc.runner],
  ["(rpc-stdio)", "raw pipe, not detached", 2000, 7, (n) => rpc.raw(n, false), rpc.runner],
  ["http", "bare fetch", 500, 5, http.raw(colony.base), http.runner(colony.base)],
  ["cli", "bare spawn", 30, 3, cli.raw, cli.runner],
  ["served", "bare shim process", 30, 3, served.raw, served.runner],
];
const lines = [
  "| channel | baseline | n | baseline µs | runner µs | ratio |",
  "| --- | --- | --- | --- | --- | --- |",
];
let over = 0;
for (const [name, baseline, n, rounds, raw, runner] of rows) {
  const best = await compare(
    rounds,
    () => raw(n),
    () => runner(n),
  );
  const ratio = best.runner / best.raw;
  if (ratio > TARGET && !name.startsWith("(")) over++; // a parenthesised row is for information
  lines.push(
    `| ${name} | ${baseline} | ${n} | ${best.raw.toFixed(0)} | ${best.runner.toFixed(0)} | ${ratio.toFixed(2)}× |`,
  );
}
colony.stop();
console.log(lines.join("\n"));
console.log(over ? `${over} channel(s) above ${TARGET}×` : `every channel within ${TARGET}×`);
