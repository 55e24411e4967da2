#!/usr/bin/env node
// `pnpm bench`: every benchmark, ratios measured against a baseline in the same run.
import { runGenBench } from "./gen.bench.mjs";
import { runValidateBench } from "./validate.bench.mjs";

runValidateBench();
console.log("");
runGenBench();
