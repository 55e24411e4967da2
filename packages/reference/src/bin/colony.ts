#!/usr/bin/env node
// The reference Myrmo colony: `keel-colony [--port N] [--host H] [--db FILE|:memory:] [--rate-limit N]
// [--rate-window S] [--sync full|normal] [--log-level debug|info|warn|error|silent]`. Prints its URL on stdout once listening.
// better-sqlite3 is an optional peer of @keel/reference (a native build the study and slipway do not need):
// without it the colony says what to install instead of failing on an import.
try {
  await import("better-sqlite3");
} catch (error) {
  if ((error as { code?: string }).code !== "ERR_MODULE_NOT_FOUND") throw error;
  process.stderr.write(
    "keel-colony: expected better-sqlite3 (an optional peer dependency of @keel/reference: the colony stores trails in SQLite), found it not installed; run `npm install better-sqlite3@12` beside @keel/reference\n",
  );
  process.exit(2);
}
const { runColony } = await import("../colony/main.js");
process.exitCode = await runColony(process.argv.slice(2));
