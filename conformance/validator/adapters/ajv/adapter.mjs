#!/usr/bin/env node
// keel validator adapter (protocol 1, docs/validator-adapters.md) around ajv 8 + ajv-formats, configured
// as keel configures it (strict, union types, every error, formats asserted): the baseline, which agrees
// with keel's verdict on every fixture. ajv comes from the repository's install (schema-model's deps).
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..", "..");
const require = createRequire(join(root, "packages", "schema-model", "package.json"));
const { default: Ajv } = require("ajv");
const { default: Ajv2020 } = require("ajv/dist/2020.js");
const addFormats = require("ajv-formats");
const OPTIONS = { strict: true, allowUnionTypes: true, allErrors: true };

/** protocol → { ajv, files: name → $id } */
const loaded = new Map();

function load(msg) {
  const files = Object.entries(msg.schemas);
  const draft2020 = files.some(([, s]) => s.$schema === "https://json-schema.org/draft/2020-12/schema");
  const ajv = draft2020 ? new Ajv2020(OPTIONS) : new Ajv(OPTIONS);
  addFormats(ajv);
  const ids = {};
  for (const [name, schema] of files) {
    ids[name] = typeof schema.$id === "string" ? schema.$id : name;
    ajv.addSchema(schema, typeof schema.$id === "string" ? undefined : name);
  }
  loaded.set(msg.protocol, { ajv, ids });
  return { ok: true };
}

function validate(msg) {
  const p = loaded.get(msg.protocol);
  if (!p) return { id: msg.id, error: `protocol ${msg.protocol} was never loaded` };
  const id = p.ids[msg.schema];
  const fn = p.ajv.getSchema(msg.pointer === "#" ? id : `${id}${msg.pointer}`);
  if (!fn) return { id: msg.id, error: `no schema at ${msg.schema}${msg.pointer}` };
  const valid = fn(msg.document) === true;
  const errors = valid
    ? []
    : (fn.errors ?? []).map((e) => ({ pointer: e.instancePath, message: `${e.keyword}: ${e.message}` }));
  return { id: msg.id, valid, errors };
}

function answer(msg) {
  if (msg.op === "hello")
    return {
      name: "ajv",
      version: `${require("ajv/package.json").version} + ajv-formats ${require("ajv-formats/package.json").version}`,
      language: `node ${process.versions.node}`,
    };
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
      out = answer(msg);
    } catch (e) {
      out = { ...(msg.id === undefined ? {} : { id: msg.id }), error: String(e?.message ?? e) };
    }
  } catch (e) {
    out = { error: `not JSON: ${e.message}` };
  }
  process.stdout.write(`${JSON.stringify({ keel_validator: 1, ...out })}\n`);
}
