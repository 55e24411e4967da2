// Per protocol, a representative valid document: JSON.parse of its bytes (the floor), then keel's ajv
// and zod engines (validation only, on the parsed value), as µs/op and as ratios to JSON.parse; zod/ajv is
// the zod engine's time over the ajv engine's (issue 20 holds it to ≤ 10 on every protocol).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { documentTypes as atif } from "@keel/atif";
import { documentTypes as mira } from "@keel/mira";
import { documentTypes as myloop } from "@keel/myloop";
import { documentTypes as myrmo } from "@keel/myrmo";
import { documentTypes as slipway } from "@keel/slipway";
import { fmt, measure } from "./measure.mjs";

const root = join(import.meta.dirname, "..", "..");
const line = (file, n) => readFileSync(join(root, file), "utf8").split("\n")[n - 1];
const cases = [
  [
    "myrmo",
    "trail (seed example)",
    myrmo.trail,
    readFileSync(join(root, "schemas/myrmo/examples/trail/distutils.json"), "utf8"),
  ],
  [
    "atif",
    "trajectory (rich)",
    atif.trajectory,
    readFileSync(join(root, "schemas/atif/examples/trajectory/rich.json"), "utf8"),
  ],
  // a response's result is method-specific (checked once correlated), so the request carries the load
  ["mira", "request: run", mira.request, line("schemas/mira/examples/request/all-methods.jsonl", 4)],
  [
    "slipway",
    "protocol_state",
    slipway.protocol_state,
    readFileSync(join(root, "schemas/slipway/examples/protocol_state/tutorial-start.json"), "utf8"),
  ],
  [
    "myloop",
    "record (rich)",
    myloop.record,
    readFileSync(join(root, "schemas/myloop/examples/record/rich.json"), "utf8"),
  ],
];

export function runValidateBench(out = console.log) {
  out(
    "validation of one representative valid document (median µs/op; ratio = engine time / JSON.parse time, zod/ajv = zod time / ajv time)",
  );
  out(
    `${"protocol".padEnd(9)}${"document".padEnd(24)}${"bytes".padStart(7)}${"parse µs".padStart(10)}${"ajv µs".padStart(9)}${"zod µs".padStart(9)}${"ajv/parse".padStart(11)}${"zod/parse".padStart(11)}${"zod/ajv".padStart(9)}`,
  );
  for (const [protocol, label, api, text] of cases) {
    const doc = JSON.parse(text);
    if (!api.validate(doc, "ajv").valid || !api.validate(doc, "zod").valid)
      throw new Error(`${protocol} ${label} is not valid`);
    const parse = measure(() => JSON.parse(text));
    const ajv = measure(() => api.validate(doc, "ajv"));
    const zod = measure(() => api.validate(doc, "zod"));
    out(
      `${protocol.padEnd(9)}${label.padEnd(24)}${String(Buffer.byteLength(text)).padStart(7)}${fmt(parse, 2).padStart(10)}${fmt(ajv, 2).padStart(9)}${fmt(zod, 2).padStart(9)}${fmt(ajv / parse, 2).padStart(11)}${fmt(zod / parse, 2).padStart(11)}${fmt(zod / ajv, 1).padStart(9)}`,
    );
  }
}
