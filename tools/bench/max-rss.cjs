// Preloaded (`node --require`) into a benchmarked process: on exit, writes the process's peak resident set
// (KB, worker threads included) to the file named by KEEL_BENCH_RSS.
const { writeFileSync } = require("node:fs");

process.on("exit", () => {
  if (process.env.KEEL_BENCH_RSS)
    writeFileSync(process.env.KEEL_BENCH_RSS, String(process.resourceUsage().maxRSS));
});
