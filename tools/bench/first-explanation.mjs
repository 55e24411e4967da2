#!/usr/bin/env node
// `node first-explanation.mjs <root> <protocol> <type> <valid.json[:line]> <invalid.json>`: in a fresh process, the
// engine of the checkout at <root> checks one valid document (loading the protocol), then times the first
// invalid one (its explanation, location and code frame), and prints `{ ms, findings }` as JSON.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [root, protocol, type, validFile, invalidFile] = process.argv.slice(2);
const load = (pkg) => import(pathToFileURL(join(root, "packages", pkg, "dist/index.js")).href);
const { loadRegistry } = await load("schema-model");
const { checkOne, loadProtocol, makeCheck } = await load("validate");
const registry = loadRegistry(root);
const check = makeCheck({ root, registry, protocol }, await loadProtocol(protocol, "ajv"), {
  type,
  engine: "ajv",
});
const doc = (at) => {
  const [, file, line] = /^(.*?)(?::(\d+))?$/.exec(at);
  const text = readFileSync(file, "utf8");
  return { line: 1, text: line === undefined ? text : text.split("\n")[Number(line) - 1] };
};
if (!checkOne(doc(validFile), "json", check).valid) throw new Error(`${validFile} is not valid`);
const start = performance.now();
const result = checkOne(doc(invalidFile), "json", check);
const ms = performance.now() - start;
if (result.valid) throw new Error(`${invalidFile} is valid`);
console.log(JSON.stringify({ ms, findings: result.findings.length }));
