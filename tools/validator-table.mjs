#!/usr/bin/env node
// docs/validators.md: every adapter in conformance/validator/adapters/ run by the `validator` suite over every
// fixture, rendered as the compatibility table. `--check` writes nothing and fails when the page is stale.
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const runner = await import(
  pathToFileURL(join(root, "packages", "conformance-runner", "dist", "suites", "validator", "index.js")).href
);
const text = runner.renderTable(
  await runner.adapterRows(root, (name) => process.stderr.write(`running the ${name} adapter…\n`)),
);
const file = join(root, "docs", "validators.md");
if (process.argv.includes("--check")) {
  let old = "";
  try {
    old = readFileSync(file, "utf8");
  } catch {}
  if (old !== text) {
    process.stderr.write("docs/validators.md is stale: run node tools/validator-table.mjs\n");
    process.exit(1);
  }
} else writeFileSync(file, text);
