#!/usr/bin/env node
// keel validator adapter (protocol 1, docs/validator-adapters.md) around the zod validators keel generates
// into each protocol package (packages/protocol-<name>, built). They are generated from the same schemas,
// so `load` only checks that the package exists; the verdict is zod's alone (engine "zod").
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "..");
const packages = new Map();

async function load(msg) {
  const entry = join(root, "packages", `protocol-${msg.protocol}`, "dist", "index.js");
  packages.set(msg.protocol, await import(pathToFileURL(entry).href));
  return { ok: true };
}

function validate(msg) {
  const api = packages.get(msg.protocol)?.documentTypes?.[msg.type];
  if (!api) return { id: msg.id, error: `no generated validator for ${msg.protocol} ${msg.type}` };
  const r = api.validate(msg.document, "zod");
  const errors = r.valid
    ? []
    : r.findings.map((f) => ({ pointer: f.pointer, message: `${f.code}: ${f.message}` }));
  return { id: msg.id, valid: r.valid, errors };
}

async function answer(msg) {
  if (msg.op === "hello") {
    const require = createRequire(join(root, "packages", "protocol-myrmo", "package.json"));
    return {
      name: "keel zod (generated)",
      version: `zod ${require("zod/package.json").version}`,
      language: `node ${process.versions.node}`,
    };
  }
  if (msg.op === "load") return load(msg);
  if (msg.op === "validate") return validate(msg);
  return { error: `unknown op ${JSON.stringify(msg.op)}` };
}

for await (const line of createInterface({ input: process.stdin, crlfDelay: Number.POSITIVE_INFINITY })) {
  if (line.trim() === "") continue;
  let out;
  try {
    const msg = JSON.parse(line);
    try {
      out = await answer(msg);
    } catch (e) {
      out = { ...(msg.id === undefined ? {} : { id: msg.id }), error: String(e?.message ?? e) };
    }
  } catch (e) {
    out = { error: `not JSON: ${e.message}` };
  }
  process.stdout.write(`${JSON.stringify({ keel_validator: 1, ...out })}\n`);
}
