#!/usr/bin/env node
// The reference Myrmo colony: `keel-colony [--port N] [--host H] [--db FILE|:memory:] [--rate-limit N]
// [--rate-window S] [--sync full|normal] [--log-level debug|info|warn|error|silent]`. Prints its URL on stdout once listening.
import { runColony } from "../colony/main.js";

process.exitCode = await runColony(process.argv.slice(2));
