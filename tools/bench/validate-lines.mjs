#!/usr/bin/env node
// `node validate-lines.mjs <file> [type]`: the library call `validateLines` (no CLI) over a read stream of a
// Myrmo JSON Lines file, as a Node program would make it; prints how many lines had findings, exits 1 if any.
import { createReadStream } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

const [file, type] = process.argv.slice(2);
const { validateLines } = await import(
  pathToFileURL(join(import.meta.dirname, "..", "..", "packages/validate/dist/index.js")).href
);
const lines = new Set();
for await (const f of validateLines(createReadStream(file), "myrmo", type ? { type } : {})) lines.add(f.line);
console.log(lines.size);
process.exitCode = lines.size > 0 ? 1 : 0;
