#!/usr/bin/env node
// `pnpm bench`: every benchmark, ratios measured against a baseline in the same run.
import { runColonyBench } from "./colony.bench.mjs";
import { runColonySuiteBench } from "./colony-suite.bench.mjs";
import { runGenBench } from "./gen.bench.mjs";
import { runKeelVsAjvBench } from "./keel-vs-ajv.bench.mjs";
import { runNpxBench } from "./npx.bench.mjs";
import { runSlipwayBench } from "./slipway.bench.mjs";
import { runSlipwayHostBench } from "./slipway-host.bench.mjs";
import { runSlipwaySuiteBench } from "./slipway-suite.bench.mjs";
import { runValidateBench } from "./validate.bench.mjs";
import { runValidateBulkBench } from "./validate-bulk.bench.mjs";
import { runValidateCliBench } from "./validate-cli.bench.mjs";
import { runZodEngineBench } from "./zod-engine.bench.mjs";

await runKeelVsAjvBench();
console.log("");
runValidateBench();
console.log("");
await runZodEngineBench();
console.log("");
runValidateCliBench();
console.log("");
runValidateBulkBench();
console.log("");
runGenBench();
console.log("");
await runColonyBench();
console.log("");
await runColonySuiteBench();
console.log("");
runSlipwayBench();
console.log("");
await runSlipwaySuiteBench();
console.log("");
await runSlipwayHostBench();
console.log("");
runNpxBench();
