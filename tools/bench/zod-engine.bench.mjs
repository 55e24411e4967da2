// The zod engine against the ajv engine on each protocol's representative valid document (the documents of
// validate.bench.mjs): both timed in interleaved rounds, so load on a shared machine hits them alike, each
// after a long warm-up (the compiled zod validator is optimised in the background), medians. Issue 20 holds
// zod to ≤ 10× ajv. KEEL_BENCH_BEFORE=<a built checkout> times that checkout's zod engine beside ("before").
import { readFileSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dirname, "..", "..");
const before = process.env.KEEL_BENCH_BEFORE;
const cases = [
  ["myrmo", "trail", "schemas/myrmo/examples/trail/distutils.json"],
  ["atif", "trajectory", "schemas/atif/examples/trajectory/rich.json"],
  ["mira", "request", "schemas/mira/examples/request/all-methods.jsonl", 4],
  ["slipway", "protocol_state", "schemas/slipway/examples/protocol_state/tutorial-start.json"],
  ["myloop", "record", "schemas/myloop/examples/record/rich.json"],
];

/** µs per call of `fn` over about `ms` milliseconds. */
function time(fn, ms) {
  let ops = 0;
  let batch = 16;
  const start = performance.now();
  let elapsed = 0;
  while (elapsed < ms) {
    for (let i = 0; i < batch; i++) fn();
    ops += batch;
    batch = Math.min(batch * 2, 4096);
    elapsed = performance.now() - start;
  }
  return (elapsed * 1000) / ops;
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const api = async (checkout, protocol, type) =>
  (await import(join(checkout, "packages", `protocol-${protocol}`, "dist", "index.js"))).documentTypes[type];

export async function runZodEngineBench(out = console.log, { rounds = 9, ms = 100 } = {}) {
  out(
    "zod engine against ajv engine, one representative valid document (median µs/op of interleaved rounds)",
  );
  out(
    `${"protocol".padEnd(9)}${"ajv µs".padStart(9)}${"zod µs".padStart(9)}${"zod/ajv".padStart(9)}${before ? `${"before µs".padStart(11)}${"before/ajv".padStart(12)}` : ""}`,
  );
  for (const [protocol, type, file, line] of cases) {
    const text = readFileSync(join(root, file), "utf8");
    const doc = JSON.parse(line === undefined ? text : (text.split("\n")[line - 1] ?? ""));
    const here = await api(root, protocol, type);
    const fns = { ajv: () => here.validate(doc, "ajv"), zod: () => here.validate(doc, "zod") };
    if (before) {
      const then = await api(before, protocol, type);
      fns.before = () => then.validate(doc, "zod");
    }
    for (const [name, fn] of Object.entries(fns)) {
      if (!fn().valid) throw new Error(`${protocol} ${type}: ${name} finds the document invalid`);
      time(fn, 300);
    }
    const samples = Object.fromEntries(Object.keys(fns).map((k) => [k, []]));
    for (let r = 0; r < rounds; r++)
      for (const [name, fn] of Object.entries(fns)) samples[name].push(time(fn, ms));
    const [ajv, zod] = [median(samples.ajv), median(samples.zod)];
    const then = before ? median(samples.before) : undefined;
    out(
      `${protocol.padEnd(9)}${ajv.toFixed(2).padStart(9)}${zod.toFixed(2).padStart(9)}${(zod / ajv).toFixed(1).padStart(9)}${then === undefined ? "" : `${then.toFixed(2).padStart(11)}${(then / ajv).toFixed(1).padStart(12)}`}`,
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await runZodEngineBench();
