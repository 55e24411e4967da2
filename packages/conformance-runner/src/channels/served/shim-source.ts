/** The env var that tells the shim where the runner listens. */
export const SOCKET_ENV = "KEEL_SERVED_SOCKET";

/** Files named on the command line larger than this are not forwarded (their path still is). */
export const MAX_FORWARDED_FILE = 1 << 20;

/**
 * The shim keel puts first on PATH under the real program's name. It forwards one invocation —
 * argv, cwd, env, stdin (read to EOF unless it is a terminal), and the content of every regular file
 * an argument (or the value of a `--flag=value` argument) names — as one JSON line over a Unix socket
 * (`{"v":1,…}`, with `started`: the shim's start, ms since the epoch), reads one JSON line back (`{stdout, stderr, exit, signal?}`) and replays it (a
 * `signal` kills the shim with it once the output is written). Plain CommonJS on
 * the node that runs keel, so it needs nothing installed.
 *
 * With `stdinFlags`, stdin is read only when one of them is in argv, as the real program does (slipway
 * reads it for `--outcome-stdin` and the like, never for `--help`): a host that hands its call a pipe it
 * never closes is not hung by keel where the real program would have answered. While it reads stdin the
 * shim has already said so (`{"v":1,"awaiting":"stdin",…}`), so a call killed while waiting is recorded.
 */
export function shimSource(node: string, stdinFlags?: readonly string[]): string {
  return `#!${node}
"use strict";
const net = require("node:net");
const fs = require("node:fs");
const path = require("node:path");
const started = Date.now();
const argv = process.argv.slice(2);
const cwd = process.cwd();
function named() {
  const files = {};
  for (const arg of argv)
    for (const p of [arg, arg.startsWith("-") && arg.includes("=") ? arg.slice(arg.indexOf("=") + 1) : ""]) {
      if (!p || Object.hasOwn(files, p)) continue;
      try {
        const full = path.resolve(cwd, p);
        const st = fs.statSync(full);
        if (st.isFile() && st.size <= ${MAX_FORWARDED_FILE}) files[p] = fs.readFileSync(full, "utf8");
      } catch {}
    }
  return files;
}
function fail(why) {
  process.stderr.write("keel shim: " + why + "\\n", () => process.exit(70));
}
function replay(answer) {
  process.stdout.write(answer.stdout || "", () =>
    process.stderr.write(answer.stderr || "", () =>
      answer.signal ? process.kill(process.pid, answer.signal) : process.exit(Number.isInteger(answer.exit) ? answer.exit : 0),
    ),
  );
}
const stdinFlags = ${stdinFlags ? JSON.stringify(stdinFlags) : "undefined"};
const readsStdin = !process.stdin.isTTY && (!stdinFlags || argv.some((a) => stdinFlags.includes(a.split("=")[0])));
const conn = net.createConnection(process.env.${SOCKET_ENV} || "");
let buffer = "";
let answered = false;
conn.setEncoding("utf8");
conn.on("connect", () => readsStdin && conn.write(JSON.stringify({ v: 1, awaiting: "stdin", argv, cwd, started }) + "\\n"));
conn.on("data", (chunk) => {
  buffer += chunk;
  const nl = buffer.indexOf("\\n");
  if (nl < 0 || answered) return;
  answered = true;
  conn.end();
  replay(JSON.parse(buffer.slice(0, nl)));
});
conn.on("error", (e) => answered || ((answered = true), fail("cannot reach the keel runner: " + e.message)));
conn.on("close", () => answered || ((answered = true), fail("the keel runner closed without an answer")));
function forward(stdin) {
  const send = () => conn.write(JSON.stringify({ v: 1, argv, cwd, env: process.env, stdin, files: named(), started }) + "\\n");
  if (conn.connecting) conn.once("connect", send);
  else if (!conn.destroyed) send();
}
if (!readsStdin) forward("");
else {
  let stdin = "";
  process.stdin.setEncoding("utf8");
  process.stdin.on("data", (c) => (stdin += c));
  process.stdin.on("end", () => forward(stdin));
  process.stdin.on("error", () => forward(stdin));
}
`;
}
