// Issue 4: `keel validate` on a 100,000-line Myrmo NDJSON corpus against ajv-cli (what a user would reach for
// instead) on the same documents, as wall clock of fresh processes, docs/s, MB/s and the ratio.
// ajv-cli 5 validates one document per data file (JSON, JSON5, YAML), no NDJSON: it gets the same documents
// as one JSON array checked by a wrapper schema `{type: array, items: {$ref: <outcome_report>}}`, the
// protocol's schema files passed with -r. One file is the fast and fair path for it: 100,000 files would
// time the file system and its per-file `console.log`, not validation. It runs keel's ajv options (derived
// from AJV_OPTIONS: strict, union types, all errors, so it reports every invalid document) and ajv-formats.
// keel does more per document: semantic rules, and line:column of every finding in the source.
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { AJV_OPTIONS, loadRegistry, loadSchemaSet, protocolEntry } from "@keel/schema-model";
import { outcomeReportLines } from "./corpus.mjs";

const root = join(import.meta.dirname, "..", "..");
const keelBin = join(root, "packages/cli/dist/bin.js");
const fromTools = createRequire(join(root, "tools/package.json"));
const ajvCliDir = dirname(fromTools.resolve("ajv-cli/package.json"));
const fromAjvCli = createRequire(join(ajvCliDir, "package.json"));
const fromSchemaModel = createRequire(join(root, "packages/schema-model/package.json"));
const versionOf = (req, name) => req(`${name}/package.json`).version;
export const ajvCliBin = join(ajvCliDir, fromAjvCli("./package.json").bin.ajv);
const SPEC = { "draft-07": "draft7", "2020-12": "draft2020" };
const dashed = (key) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The wrapper schema and ajv-cli's arguments for an array of `type` documents of `protocol`. */
export function ajvCliArgs(dir, protocol, type, data) {
  const registry = loadRegistry(root);
  const set = loadSchemaSet(root, registry, protocol);
  const doc = protocolEntry(registry, protocol).documentTypes[type];
  const file = set.fileByName(doc.schema);
  const wrapper = join(dir, "array.schema.json");
  const items = { $ref: `${file.id}${doc.pointer === "#" ? "" : doc.pointer}` };
  writeFileSync(wrapper, JSON.stringify({ $schema: file.schema.$schema, type: "array", items }));
  const options = Object.entries(AJV_OPTIONS).map(([k, v]) => `--${dashed(k)}=${v}`);
  const refs = set.all.flatMap((f) => ["-r", f.path]);
  const formats = ["-c", fromSchemaModel.resolve("ajv-formats")];
  return [
    "validate",
    `--spec=${SPEC[set.draft]}`,
    "-s",
    wrapper,
    ...refs,
    "-d",
    data,
    ...options,
    ...formats,
    "--errors=line",
  ];
}

/** Run a command once; fail loudly if its verdict is not the expected count of invalid documents. */
function timed(label, args, invalidOf, expected) {
  const start = performance.now();
  const r = spawnSync(process.execPath, args, { cwd: root, encoding: "utf8", maxBuffer: 1 << 28 });
  const ms = performance.now() - start;
  const invalid = r.status === 0 || r.status === 1 ? invalidOf(r) : undefined;
  if (invalid !== expected || r.status !== (expected > 0 ? 1 : 0))
    throw new Error(
      `${label}: exit ${r.status}, ${invalid} invalid, expected ${expected}\n${r.stderr.slice(0, 2000)}`,
    );
  return ms;
}

const keelInvalid = (r) => JSON.parse(r.stdout).files[0].invalid;
// ajv-cli prints "<file> invalid" and then the errors as one JSON line: count the array indices they name
const ajvCliInvalid = (r) => {
  const errors = r.stderr.split("\n").find((l) => l.startsWith("["));
  return errors === undefined ? 0 : new Set(JSON.parse(errors).map((e) => e.instancePath.split("/")[1])).size;
};

/** A corpus of `count` documents (every `invalidEvery`-th faulty) on disk, and the three commands on it. */
function corpus(dir, name, count, invalidEvery) {
  const texts = outcomeReportLines(count, { invalidEvery });
  const ndjson = join(dir, `${name}.ndjson`);
  const array = join(dir, `${name}.json`);
  writeFileSync(ndjson, `${texts.join("\n")}\n`);
  writeFileSync(array, `[\n${texts.join(",\n")}\n]\n`);
  const keel = [keelBin, "validate", "myrmo", "--type", "outcome_report", "--format", "json"];
  const ajvCli = [ajvCliBin, ...ajvCliArgs(dir, "myrmo", "outcome_report", array)];
  return {
    name,
    count,
    expected: invalidEvery > 0 ? Math.floor(count / invalidEvery) : 0,
    commands: [
      { label: "keel validate", args: [...keel, ndjson], invalidOf: keelInvalid, file: ndjson },
      {
        label: "keel validate --jobs 2",
        args: [...keel, "--jobs", "2", ndjson],
        invalidOf: keelInvalid,
        file: ndjson,
      },
      { label: "ajv-cli validate", args: ajvCli, invalidOf: ajvCliInvalid, file: array },
    ],
  };
}

/**
 * Median seconds of every command on every corpus, `runs` rounds of all of them in turn, so that load
 * from elsewhere on the machine hits every figure alike (the 1-document times are subtracted from the others).
 */
function timeAll(corpora, runs) {
  const times = corpora.map((c) => c.commands.map(() => []));
  for (let r = 0; r < runs; r++)
    for (const [k, c] of corpora.entries())
      for (const [i, cmd] of c.commands.entries())
        times[k][i].push(timed(cmd.label, cmd.args, cmd.invalidOf, c.expected));
  return corpora.map((c, k) =>
    c.commands.map((cmd, i) => ({
      ...cmd,
      mb: statSync(cmd.file).size / 1e6,
      s: times[k][i].sort((a, b) => a - b)[Math.floor(runs / 2)] / 1000,
    })),
  );
}

const COLUMNS = [
  ["corpus", -12],
  ["command", -24],
  ["MB", 6],
  ["s", 7],
  ["docs/s", 9],
  ["MB/s", 7],
  ["÷ ajv-cli", 11],
  ["net docs/s", 12],
];
const row = (cells) =>
  cells
    .map((c, i) => (COLUMNS[i][1] < 0 ? c.padEnd(-COLUMNS[i][1]) : c.padStart(COLUMNS[i][1])))
    .join("")
    .trimEnd();

export function runValidateCliBench(out = console.log, { lines = 100_000, runs = 3 } = {}) {
  const dir = mkdtempSync(join(tmpdir(), "keel-bench-"));
  const versions = `ajv-cli ${versionOf(fromTools, "ajv-cli")} (its ajv ${versionOf(fromAjvCli, "ajv")}; keel's ajv ${versionOf(fromSchemaModel, "ajv")})`;
  try {
    out(
      `keel validate vs ${versions} on ${lines.toLocaleString("en")} Myrmo outcome reports, same files, same run:`,
    );
    out(
      `wall clock of a fresh process, median of ${runs} runs in turns; keel reads NDJSON, ajv-cli the same documents as one JSON array`,
    );
    out(row(COLUMNS.map(([c]) => c)));
    // one document: the fixed cost of starting each command, which every figure below includes
    const corpora = [
      corpus(dir, "one", 1, 0),
      corpus(dir, "valid", lines, 0),
      corpus(dir, "invalid", lines, 100),
    ];
    const [startup, ...measured] = timeAll(corpora, runs);
    for (const [i, c] of startup.entries())
      out(row([i === 0 ? "1 document" : "", c.label, "", c.s.toFixed(2), "", "", "", ""]));
    for (const [k, name] of ["all valid", "1% invalid"].entries()) {
      const ajvCli = measured[k].at(-1).s;
      for (const [i, c] of measured[k].entries()) {
        const docsPerS = (s) => Math.round(lines / s).toLocaleString("en");
        out(
          row([
            i === 0 ? name : "",
            c.label,
            c.mb.toFixed(1),
            c.s.toFixed(2),
            docsPerS(c.s),
            (c.mb / c.s).toFixed(1),
            `${(ajvCli / c.s).toFixed(2)}×`,
            docsPerS(c.s - startup[i].s),
          ]),
        );
      }
    }
    out("÷ ajv-cli = keel's docs/s over ajv-cli's on the same documents (above 1: keel is faster);");
    out(
      "net docs/s = documents over (time − the same command's 1-document time), i.e. without process start-up",
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === import.meta.filename)
  runValidateCliBench(console.log, { lines: Number(process.argv[2] ?? 100_000) });
