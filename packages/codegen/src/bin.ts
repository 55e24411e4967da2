#!/usr/bin/env node
// `keel gen` without the CLI: the CLI is built from the generated protocol packages, so when those are
// missing or broken this is how they get regenerated (tools/keel.mjs routes `keel gen` here).
import { KeelError } from "@keel/diagnostics";
import { runGen } from "./run-gen.js";

const args = process.argv.slice(2);
const check = args.includes("--check");
const allowShrink = args.includes("--allow-shrink");
// --no-cache: generate every chosen protocol even when its stamp says nothing changed (gen-cache.ts)
const cache = !args.includes("--no-cache");
// --timings: each protocol's stage times after the report (gen-timings.ts)
const timings = args.includes("--timings");
const options = ["--check", "--allow-shrink", "--no-cache", "--timings"];
const protocols = args.filter((a) => !options.includes(a));
const unknown = protocols.find((a) => a.startsWith("-"));
if (unknown !== undefined) {
  process.stderr.write(
    `keel gen: unknown option ${unknown} (usage: keel gen [--check] [--allow-shrink] [--no-cache] [--timings] [protocol…])\n`,
  );
  process.exit(2);
}
try {
  process.exitCode = await runGen(process.cwd(), protocols, { check, allowShrink, cache, timings }, (t) =>
    process.stdout.write(t),
  );
} catch (error) {
  if (!(error instanceof KeelError)) throw error;
  process.stderr.write(`keel: ${error.message}\n`);
  process.exitCode = error.exitCode;
}
