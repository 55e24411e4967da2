// Issue 7: keel's generated ajv-engine validators against plain ajv (keel's ajv configuration, compiled
// by schema-model: what `validate<Type>` ran before) on the documents the issue names, in one run, as µs/op
// and ratios to JSON.parse of the same bytes. keel = the package API `validate<Type>(doc)` → {valid, findings}. "ajv 1st-err" is the same ajv with `allErrors: false`,
// for reference. The Mira `run` result has no document type of its own, so its keel validator is
// generated here with codegen's module builder for `#/$defs/RunResult`.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { validateTrajectory } from "@keel/atif";
import { runValidator } from "@keel/diagnostics";
import { validateTrail } from "@keel/myrmo";
import { compileSchemaSet, createAjv, loadRegistry, loadSchemaSet } from "@keel/schema-model";
import { fastAjvModule } from "../../packages/codegen/dist/ajv/index.js";
import * as atifAjv from "../../packages/protocol-atif/dist/generated/ajv.gen.js";
import * as myrmoAjv from "../../packages/protocol-myrmo/dist/generated/ajv.gen.js";
import { fmt, measure } from "./measure.mjs";

const root = join(import.meta.dirname, "..", "..");
const registry = loadRegistry(root);
const read = (file) => readFileSync(join(root, file), "utf8");

/** The seed trail with raw_logs of 15,000 and one diff of 16,000 characters (ASCII, deterministic). */
export function nearLimitTrail() {
  const trail = JSON.parse(read("schemas/myrmo/examples/trail/distutils.json"));
  const fill = (unit, n) => unit.repeat(Math.ceil(n / unit.length)).slice(0, n);
  trail.problem.raw_logs = fill('Traceback (most recent call last): File "setup.py", line 3\n', 15000);
  trail.solution.code_patches = [
    {
      file_path: "setup.py",
      diff: fill("-from distutils.core import setup\n+from setuptools import setup\n", 16000),
    },
  ];
  return JSON.stringify(trail);
}

function largestExample(protocol, type) {
  const dir = join("schemas", protocol, "examples", type);
  const texts = readdirSync(join(root, dir)).map((f) => read(join(dir, f)));
  return texts.sort((a, b) => Buffer.byteLength(b) - Buffer.byteLength(a))[0];
}

function plainAjv(protocol, refOf, options = {}) {
  const set = loadSchemaSet(root, registry, protocol);
  const compiled = compileSchemaSet(registry, set, createAjv(set.draft, options));
  return compiled.ajv.getSchema(refOf(compiled));
}

const runResultRef = (set) => `${set.own[0].id}#/$defs/RunResult`;

async function keelRunResult() {
  const set = loadSchemaSet(root, registry, "mira");
  const source = fastAjvModule(set, (ajv, schemas) => {
    compileSchemaSet(registry, schemas, ajv);
    return { validateRunResult: runResultRef(set) };
  }).replace(
    "createRequire(import.meta.url)",
    `createRequire(${JSON.stringify(join(root, "packages/protocol-mira/package.json"))})`,
  );
  const mod = await import(`data:text/javascript;base64,${Buffer.from(source).toString("base64")}`);
  return mod.validateRunResult;
}

export async function runKeelVsAjvBench(out = console.log) {
  const miraSet = loadSchemaSet(root, registry, "mira");
  const runResult = read("schemas/mira/examples/response/results.jsonl")
    .split("\n")
    .map((l) => l && JSON.parse(l))
    .find((m) => m?.result?.transcript !== undefined)?.result;
  const runResultKeel = await keelRunResult();
  const cases = [
    // [label, JSON text, keel's generated validator, keel's API, protocol, ref of the plain-ajv schema]
    [
      "myrmo trail (seed example)",
      read("schemas/myrmo/examples/trail/distutils.json"),
      myrmoAjv.validateTrail,
      validateTrail,
      "myrmo",
      (c) => c.refOf("trail"),
    ],
    [
      "myrmo trail (near limits)",
      nearLimitTrail(),
      myrmoAjv.validateTrail,
      validateTrail,
      "myrmo",
      (c) => c.refOf("trail"),
    ],
    [
      "atif trajectory (largest)",
      largestExample("atif", "trajectory"),
      atifAjv.validateTrajectory,
      validateTrajectory,
      "atif",
      (c) => c.refOf("trajectory"),
    ],
    // a run result has no validate<Type> of its own; its API column applies runValidator as the packages do
    [
      "mira run result",
      JSON.stringify(runResult),
      runResultKeel,
      (doc) => runValidator(runResultKeel, doc),
      "mira",
      () => runResultRef(miraSet),
    ],
  ];
  out(
    "keel's ajv engine vs plain ajv, one run (median µs/op, engines measured in turns; x/parse = time / JSON.parse of the same bytes)",
  );
  out(
    "ajv = plain ajv with keel's options (allErrors), as keel ran it before; 1st-err = the same with allErrors: false;",
  );
  out(
    "keel = the generated validator (boolean + errors, like ajv); API = validate<Type>(doc) -> { valid, findings }",
  );
  const cols = [
    ["document", 28],
    ["bytes", 7],
    ["parse", 8],
    ["ajv", 8],
    ["1st-err", 9],
    ["keel", 8],
    ["API", 8],
    ["ajv/parse", 11],
    ["keel/parse", 11],
    ["API/parse", 10],
    ["keel/ajv", 9],
  ];
  out(cols.map(([c, w], i) => (i === 0 ? c.padEnd(w) : c.padStart(w))).join(""));
  for (const [label, text, keel, api, protocol, refOf] of cases) {
    const doc = JSON.parse(text);
    const ajv = plainAjv(protocol, refOf);
    const first = plainAjv(protocol, refOf, { allErrors: false });
    if (!ajv(doc) || !first(doc) || !keel(doc) || !api(doc).valid) throw new Error(`${label} is not valid`);
    const [tParse, tAjv, tFirst, tKeel, tApi] = interleaved([
      () => JSON.parse(text),
      () => ajv(doc),
      () => first(doc),
      () => keel(doc),
      () => api(doc),
    ]);
    const cells = [
      String(Buffer.byteLength(text)),
      fmt(tParse, 2),
      fmt(tAjv, 2),
      fmt(tFirst, 2),
      fmt(tKeel, 2),
      fmt(tApi, 2),
      fmt(tAjv / tParse, 2),
      fmt(tKeel / tParse, 2),
      fmt(tApi / tParse, 2),
      fmt(tKeel / tAjv, 2),
    ];
    out(label.padEnd(28) + cells.map((c, i) => c.trim().padStart(cols[i + 1][1])).join(""));
  }
}

/** Median µs/op of each function, measured in turns so that load from elsewhere hits all of them alike. */
function interleaved(fns, rounds = 7) {
  const times = fns.map(() => []);
  for (let r = 0; r < rounds; r++) {
    for (const [i, fn] of fns.entries()) times[i].push(measure(fn, { ms: 60, rounds: 1 }));
  }
  return times.map((t) => t.sort((a, b) => a - b)[Math.floor(t.length / 2)]);
}
