// Preloaded (`node --require`) into a benchmarked process: on exit, writes the process's peak resident set
// (KB, worker threads included) to the file named by KEEL_BENCH_RSS, and its resource usage as JSON
// (peak RSS in KB, user and system CPU in µs, all its threads) to the file named by KEEL_BENCH_RUSAGE.
const { writeFileSync } = require("node:fs");

process.on("exit", () => {
  const usage = process.resourceUsage();
  if (process.env.KEEL_BENCH_RSS) writeFileSync(process.env.KEEL_BENCH_RSS, String(usage.maxRSS));
  if (process.env.KEEL_BENCH_RUSAGE)
    writeFileSync(
      process.env.KEEL_BENCH_RUSAGE,
      JSON.stringify({ maxRSS: usage.maxRSS, user: usage.userCPUTime, system: usage.systemCPUTime }),
    );
});
