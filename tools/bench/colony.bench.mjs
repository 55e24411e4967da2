// Reference colony throughput: 16 concurrent writers publishing trails (keep-alive connections) to
// `keel-colony` (SQLite file, every 202 committed) against a bare node:http server that only answers 202
// (the floor), all child processes driven by the same client in this process. Reports publishes/s, p50
// and p99 and the ratio to the floor (target ≥ 0.5×) for both sync modes (full: the WAL fdatasync'd before
// each 202, the default; normal: committed, not synced), each round's ratio, each server's CPU time per
// request (Linux: /proc/<pid>/stat; on a shared 2-core machine the CPU a request costs bounds the ratio),
// and from the colony's own commit log (`--log-level debug`) the writes per commit, the fdatasync times
// and the wait from a commit to its answer, which bound a closed loop of writers that each wait for one
// sync. Then kills each colony with SIGKILL, restarts it on the same file and reads every accepted trail
// back (durability).
import { spawn } from "node:child_process";
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const root = join(import.meta.dirname, "..", "..");
const colonyBin = join(root, "packages/reference/dist/bin/colony.js");
const floorBin = join(import.meta.dirname, "floor-server.mjs");
const trail = JSON.parse(readFileSync(join(root, "schemas/myrmo/examples/trail/minimal.json"), "utf8"));

/** Start a server; its stderr (the colony's JSON log lines) goes to `logFile` when given. */
async function start(args, logFile) {
  const err = logFile === undefined ? "ignore" : openSync(logFile, "w");
  const child = spawn(process.execPath, args, { stdio: ["ignore", "pipe", err] });
  if (typeof err === "number") closeSync(err);
  const url = await new Promise((resolve, reject) => {
    createInterface({ input: child.stdout }).once("line", resolve);
    child.once("exit", (c) => reject(new Error(`${args.join(" ")} exited (${c}) before listening`)));
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const stop = (signal = "SIGTERM") => {
    child.kill(signal);
    return exited;
  };
  return { url, stop, pid: child.pid };
}

/** CPU milliseconds (user + system) a process has used so far; undefined where /proc is not there. */
function cpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // clock ticks of 1/100 s (USER_HZ)
  } catch {
    return undefined;
  }
}

function send(agent, url, method, body) {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method, agent, headers: body ? { "content-type": "application/json" } : {} },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode, text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** `writers` loops each publishing `each` trails back to back; latencies in ms, ids of the 202s. */
async function load(url, writers, each, tag, pid) {
  const cpuBefore = cpuMs(pid);
  const agent = new Agent({ keepAlive: true, maxSockets: writers });
  const latencies = [];
  const ids = [];
  let failed = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      for (let i = 0; i < each; i++) {
        const body = JSON.stringify({ ...trail, tags: [`${tag}-w${w}-${i}`] });
        const t = performance.now();
        const res = await send(agent, `${url}/v1/trails`, "POST", body);
        latencies.push(performance.now() - t);
        if (res.status === 202) ids.push(JSON.parse(res.text).trail_id);
        else failed++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  agent.destroy();
  latencies.sort((a, b) => a - b);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  const cpu = cpuMs(pid);
  const cpuPerRequest = cpu === undefined ? Number.NaN : ((cpu - cpuBefore) * 1000) / latencies.length;
  return { rps: latencies.length / seconds, p50: at(0.5), p99: at(0.99), ids, failed, cpuPerRequest };
}

const median = (runs, key) => runs.map((r) => r[key]).sort((a, b) => a - b)[Math.floor(runs.length / 2)];
const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))];

/** The colony's `commit` log lines: how many writes one commit carried and how long its fdatasync took. */
function commits(logFile) {
  const lines = readFileSync(logFile, "utf8")
    .split("\n")
    .filter((l) => l.includes('"msg":"commit"'));
  const all = lines.map((l) => JSON.parse(l));
  const writes = all.reduce((n, c) => n + c.writes, 0);
  const sync = all.map((c) => c.sync_ms);
  const wait = all.map((c) => c.wait_ms);
  return {
    commits: all.length,
    perCommit: writes / Math.max(1, all.length),
    sync50: quantile(sync, 0.5),
    sync90: quantile(sync, 0.9),
    wait50: quantile(wait, 0.5),
    wait90: quantile(wait, 0.9),
  };
}

/** SIGKILL a colony, restart it on the same file and read every accepted trail back. */
async function killAndCount(colony, db, runs) {
  await colony.stop("SIGKILL");
  const accepted = runs.flatMap((r) => r.ids);
  const again = await start([colonyBin, "--port", "0", "--db", db, "--log-level", "warn"]);
  const agent = new Agent({ keepAlive: true, maxSockets: 16 });
  let missing = 0;
  for (const id of accepted)
    if ((await send(agent, `${again.url}/v1/trails/${id}`, "GET")).status !== 200) missing++;
  agent.destroy();
  await again.stop();
  const failed = runs.reduce((n, r) => n + r.failed, 0);
  return `${accepted.length} accepted, ${failed} not 202, ${missing} missing after SIGKILL + restart`;
}

/**
 * The floor and both sync modes of the colony, interleaved round by round (the machine is shared, so
 * load drifts; each round measures all three back to back, starting one later each round).
 */
const colony = (db, sync) => [colonyBin, "--port", "0", "--db", db, "--sync", sync, "--log-level", "debug"];

export async function runColonyBench(out = console.log, { writers = 16, each = 100, rounds = 7 } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "keel-colony-bench-"));
  try {
    const dbs = { full: join(dir, "full.sqlite"), normal: join(dir, "normal.sqlite") };
    const servers = {
      floor: await start([floorBin]),
      full: await start(colony(dbs.full, "full"), `${dbs.full}.log`),
      normal: await start(colony(dbs.normal, "normal"), `${dbs.normal}.log`),
    };
    const runs = { floor: [], full: [], normal: [] };
    // warm every server and the client's code paths alike, so the first round is no outlier
    for (const [name, s] of Object.entries(servers)) await load(s.url, writers, 60, `warm-${name}`, s.pid);
    const order = Object.entries(servers);
    for (let r = 0; r < rounds; r++) {
      for (let k = 0; k < order.length; k++) {
        const [name, s] = order[(r + k) % order.length];
        runs[name].push(await load(s.url, writers, each, `${name}${r}`, s.pid));
      }
    }
    await servers.floor.stop();
    const keptFull = await killAndCount(servers.full, dbs.full, runs.full);
    const keptNormal = await killAndCount(servers.normal, dbs.normal, runs.normal);
    const rps = median(runs.floor, "rps");
    const row = (name, rs) =>
      `${name.padEnd(44)} ${median(rs, "rps").toFixed(0).padStart(7)} ${median(rs, "p50").toFixed(2).padStart(7)} ${median(rs, "p99").toFixed(2).padStart(7)} ${(median(rs, "rps") / rps).toFixed(2).padStart(6)}x ${median(rs, "cpuPerRequest").toFixed(0).padStart(11)}`;
    out(
      `colony publish, ${writers} writers x ${each} trails, median of ${rounds} interleaved rounds (target >= 0.5x floor)`,
    );
    out(
      `${"server".padEnd(44)} ${"req/s".padStart(7)} ${"p50 ms".padStart(7)} ${"p99 ms".padStart(7)} ${"ratio".padStart(7)} ${"CPU µs/req".padStart(11)}`,
    );
    out(row("bare node:http, 202 only (floor)", runs.floor));
    out(row("keel-colony --sync full (default, fsync)", runs.full));
    out(row("keel-colony --sync normal (WAL, no fsync)", runs.normal));
    const ratios = (rs) => rs.map((r, i) => r.rps / runs.floor[i].rps);
    const list = (rs) =>
      ratios(rs)
        .map((x) => x.toFixed(2))
        .join(" ");
    const mid = (rs) =>
      median(
        ratios(rs).map((ratio) => ({ ratio })),
        "ratio",
      ).toFixed(2);
    out(
      `ratio per round (floor of the same round): full ${list(runs.full)} (median ${mid(runs.full)}x); normal ${list(runs.normal)} (median ${mid(runs.normal)}x)`,
    );
    const c = commits(`${dbs.full}.log`);
    const floorMs = median(runs.floor, "p50");
    out(
      `full: ${c.commits} commits, ${c.perCommit.toFixed(1)} writes each; fdatasync p50 ${c.sync50} ms, p90 ${c.sync90} ms; ` +
        `commit to answer p50 ${c.wait50} ms, p90 ${c.wait90} ms. Each write waits for >= 1 sync, so ${writers} writers reach at most ` +
        `${writers}/sync = ${((writers / c.sync50) * 1000).toFixed(0)} req/s, and about floor p50/(floor p50 + wait) = ` +
        `${(floorMs / (floorMs + c.wait50)).toFixed(2)}x the floor`,
    );
    const cpu = (rs) => median(rs, "cpuPerRequest");
    out(
      `CPU per request: floor ${cpu(runs.floor).toFixed(0)} µs, full ${cpu(runs.full).toFixed(0)} µs (${(cpu(runs.full) / cpu(runs.floor)).toFixed(1)}x), ` +
        `normal ${cpu(runs.normal).toFixed(0)} µs (${(cpu(runs.normal) / cpu(runs.floor)).toFixed(1)}x)`,
    );
    const n = commits(`${dbs.normal}.log`);
    out(`normal: ${n.commits} commits, ${n.perCommit.toFixed(1)} writes each (no sync)`);
    out(`full: ${keptFull}; normal: ${keptNormal}`);
    return { floor: rps, full: median(runs.full, "rps"), normal: median(runs.normal, "rps") };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await runColonyBench();
