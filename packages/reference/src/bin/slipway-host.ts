#!/usr/bin/env node
// The reference slipway host: drives the slipway first on PATH (or $SLIPWAY) through one Run, honouring
// every host obligation of schemas/slipway/README.md § Host obligations. See src/slipway-host/drive.ts.
import { main } from "../slipway-host/main.js";

process.exitCode = await main(
  process.argv.slice(2),
  process.cwd(),
  (text) => void process.stderr.write(text),
);
