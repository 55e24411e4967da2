// Issue 20: bulk validation against its floor, in one run. The floor is floor.mjs (read the file, split lines,
// JSON.parse each) as a fresh process on the same file; keel validate's wall clock is given as a ratio to it,
// its 1%-invalid and type-detecting runs as ratios to its own all-valid run, with docs/s, MB/s and peak RSS.
// Then `--jobs 2` on a corpus ten times larger (ajv-cli on the same documents for reference), and the first
// explanation of an invalid document in a fresh process for every protocol.
// KEEL_BENCH_BEFORE=<a built checkout> adds that checkout's keel beside this one ("before" rows).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { outcomeReportLines } from "./corpus.mjs";
import { ajvCliArgs, ajvCliBin } from "./validate-cli.bench.mjs";

const root = join(import.meta.dirname, "..", "..");
const before = process.env.KEEL_BENCH_BEFORE;
const builds = [["", root], ...(before ? [["before ", before]] : [])];
const keelArgs = (checkout) => [
  join(checkout, "packages/cli/dist/bin.js"),
  "validate",
  "myrmo",
  "--format",
  "json",
];

/** One fresh process: seconds, peak RSS (MB) and stdout; throws unless it exits with `status`. */
function run(args, status, dir) {
  const rssFile = join(dir, "rss");
  const start = performance.now();
  const r = spawnSync(process.execPath, ["--require", join(import.meta.dirname, "max-rss.cjs"), ...args], {
    cwd: root,
    encoding: "utf8",
    maxBuffer: 1 << 28,
    env: { ...process.env, KEEL_BENCH_RSS: rssFile },
  });
  const s = (performance.now() - start) / 1000;
  if (r.status !== status) throw new Error(`${args.join(" ")}: exit ${r.status}\n${r.stderr.slice(0, 2000)}`);
  return { s, rss: Number(readFileSync(rssFile, "utf8")) / 1024, stdout: r.stdout };
}

/** Median of `runs` rounds, every command once per round in turn (load elsewhere hits all alike). */
function medians(commands, runs, dir) {
  const times = commands.map(() => []);
  for (let r = 0; r < runs; r++)
    for (const [i, c] of commands.entries()) times[i].push(run(c.args, c.status, dir));
  return commands.map((c, i) => {
    const sorted = times[i].sort((a, b) => a.s - b.s);
    const mid = sorted[Math.floor(runs / 2)];
    return { ...c, s: mid.s, rss: Math.max(...times[i].map((t) => t.rss)), stdout: mid.stdout };
  });
}

const table = (out, header, rows) => {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  out(line(header));
  for (const r of rows) out(line(r));
};

function bulk(out, dir, lines, runs) {
  const valid = join(dir, "valid.ndjson");
  const invalid = join(dir, "invalid.ndjson");
  writeFileSync(valid, `${outcomeReportLines(lines).join("\n")}\n`);
  writeFileSync(invalid, `${outcomeReportLines(lines, { invalidEvery: 100 }).join("\n")}\n`);
  const mb = statSync(valid).size / 1e6;
  const commands = [
    {
      label: "floor (read, split, JSON.parse)",
      args: [join(import.meta.dirname, "floor.mjs"), valid],
      status: 0,
    },
  ];
  for (const [tag, checkout] of builds) {
    const keel = keelArgs(checkout);
    commands.push(
      {
        label: `${tag}keel --type, all valid`,
        args: [...keel, "--type", "outcome_report", valid],
        status: 0,
        tag,
      },
      {
        label: `${tag}keel --type, 1% invalid`,
        args: [...keel, "--type", "outcome_report", invalid],
        status: 1,
        tag,
      },
      { label: `${tag}keel detect type, all valid`, args: [...keel, valid], status: 0, tag },
    );
  }
  const lib = join(import.meta.dirname, "validate-lines.mjs");
  commands.push(
    { label: "validateLines (library), all valid", args: [lib, valid, "outcome_report"], status: 0, tag: "" },
    {
      label: "validateLines (library), 1% invalid",
      args: [lib, invalid, "outcome_report"],
      status: 1,
      tag: "",
    },
  );
  const m = medians(commands, runs, dir);
  const floor = m[0].s;
  out(
    `bulk validation of ${lines.toLocaleString("en")} Myrmo outcome reports (${mb.toFixed(1)} MB), fresh processes, median of ${runs} runs in turns`,
  );
  out("÷ floor = time / the floor's time; ÷ valid = time / the same keel's --type all-valid time");
  table(
    out,
    ["command", "s", "docs/s", "MB/s", "peak RSS MB", "÷ floor", "÷ valid"],
    m.map((c) => {
      const own = m.find((o) => o.tag === c.tag && o.label.endsWith("--type, all valid"));
      return [
        c.label,
        c.s.toFixed(3),
        Math.round(lines / c.s).toLocaleString("en"),
        (mb / c.s).toFixed(1),
        c.rss.toFixed(0),
        `${(c.s / floor).toFixed(2)}×`,
        own ? `${(c.s / own.s).toFixed(2)}×` : "",
      ];
    }),
  );
}

function jobs(out, dir, lines, runs) {
  const file = join(dir, "big.ndjson");
  const array = join(dir, "big.json");
  const texts = outcomeReportLines(lines, { invalidEvery: 1000 });
  writeFileSync(file, `${texts.join("\n")}\n`);
  const mb = statSync(file).size / 1e6;
  const commands = [
    {
      label: "floor (read, split, JSON.parse)",
      args: [join(import.meta.dirname, "floor.mjs"), file],
      status: 0,
    },
  ];
  for (const [tag, checkout] of builds) {
    const keel = [...keelArgs(checkout), "--type", "outcome_report"];
    commands.push(
      { label: `${tag}keel --jobs 1`, args: [...keel, "--jobs", "1", file], status: 1, tag },
      { label: `${tag}keel --jobs 2`, args: [...keel, "--jobs", "2", file], status: 1, tag },
    );
  }
  const m = medians(commands, runs, dir);
  for (const [tag] of builds) {
    const [one, two] = m.filter((c) => c.tag === tag);
    if (one.stdout !== two.stdout)
      throw new Error(`${tag}keel --jobs 2 printed other findings than --jobs 1`);
  }
  out(
    `--jobs 2 on ${lines.toLocaleString("en")} outcome reports (${mb.toFixed(0)} MB, 0.1% invalid), median of ${runs} runs; output identical to --jobs 1`,
  );
  table(
    out,
    ["command", "s", "docs/s", "MB/s", "peak RSS MB", "÷ floor", "speed-up"],
    m.map((c) => {
      const one = m.find((o) => o.tag === c.tag && o.label.endsWith("--jobs 1"));
      return [
        c.label,
        c.s.toFixed(2),
        Math.round(lines / c.s).toLocaleString("en"),
        (mb / c.s).toFixed(1),
        c.rss.toFixed(0),
        `${(c.s / m[0].s).toFixed(2)}×`,
        one ? `${(one.s / c.s).toFixed(2)}×` : "",
      ];
    }),
  );
  writeFileSync(array, `[\n${texts.join(",\n")}\n]\n`);
  const ajvCli = ajvCliOn(array, dir);
  out(ajvCli);
}

/** ajv-cli on the same documents as one JSON array (as validate-cli.bench.mjs runs it), for reference. */
function ajvCliOn(array, dir) {
  const args = [ajvCliBin, ...ajvCliArgs(dir, "myrmo", "outcome_report", array)];
  try {
    const r = run(args, 1, dir);
    return `ajv-cli on the same documents as one JSON array: ${r.s.toFixed(2)} s, peak RSS ${r.rss.toFixed(0)} MB`;
  } catch (error) {
    return `ajv-cli could not check the same documents as one JSON array: ${String(error.message).split("\n").slice(0, 3).join(" ")}`;
  }
}

// Each protocol's representative document (validate.bench.mjs; `file:line` for a JSON Lines line) and the
// first invalid fixture of its type.
const REPRESENTATIVE = [
  ["myrmo", "trail", "schemas/myrmo/examples/trail/distutils.json"],
  ["atif", "trajectory", "schemas/atif/examples/trajectory/rich.json"],
  ["mira", "request", "schemas/mira/examples/request/all-methods.jsonl:4"],
  ["slipway", "protocol_state", "schemas/slipway/examples/protocol_state/tutorial-start.json"],
  ["myloop", "record", "schemas/myloop/examples/record/rich.json"],
];

function firstExplanation(out, runs) {
  out(
    `first explanation of an invalid document in a fresh process (median ms of ${runs}; the protocol loaded by a valid one first)`,
  );
  const rows = [];
  for (const [protocol, type, valid] of REPRESENTATIVE) {
    const dir = join(root, "conformance", protocol, "fixtures", type);
    const pick = (kind) => join(dir, kind, readdirSync(join(dir, kind)).sort()[0]);
    const cells = [protocol, type];
    for (const [, checkout] of builds) {
      const ms = [];
      for (let r = 0; r < runs; r++) {
        const args = [
          join(import.meta.dirname, "first-explanation.mjs"),
          checkout,
          protocol,
          type,
          join(root, valid),
          pick("invalid"),
        ];
        const p = spawnSync(process.execPath, args, { encoding: "utf8" });
        if (p.status !== 0) throw new Error(`first explanation of ${protocol}: ${p.stderr.slice(0, 2000)}`);
        ms.push(JSON.parse(p.stdout).ms);
      }
      cells.push(ms.sort((a, b) => a - b)[Math.floor(runs / 2)].toFixed(1));
    }
    rows.push(cells);
  }
  table(out, ["protocol", "type", ...builds.map(([tag]) => `${tag}ms`.trim())], rows);
}

export function runValidateBulkBench(
  out = console.log,
  { lines = 100_000, bigLines = 1_000_000, runs = 3 } = {},
) {
  const dir = mkdtempSync(join(tmpdir(), "keel-bench-bulk-"));
  try {
    bulk(out, dir, lines, runs);
    out("");
    firstExplanation(out, runs);
    if (bigLines > 0) {
      out("");
      jobs(out, dir, bigLines, 1);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === import.meta.filename)
  runValidateBulkBench(console.log, {
    lines: Number(process.argv[2] ?? 100_000),
    bigLines: Number(process.argv[3] ?? 1_000_000),
    runs: Number(process.argv[4] ?? 3),
  });
