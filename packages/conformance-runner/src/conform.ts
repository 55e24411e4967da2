import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { applyBaseline, parseBaseline } from "./baseline.js";
import type { TimeoutOptions } from "./channels/timeouts.js";
import { ConformError } from "./conform-error.js";
import { evidenceOf } from "./evidence.js";
import { loadGolden } from "./exchange/load.js";
import { replay } from "./exchange/replay.js";
import { isStrict } from "./exchange/strictness.js";
import { parseTarget, TargetError } from "./process/target.js";
import { keelVersion, protocolVersionOf, REPORT_VERSION } from "./report/facts.js";
import { ownForShard, type Shard, shardUnits } from "./shard.js";
import { findSuite } from "./suites/index.js";
import { type GivenOwn, readOwn } from "./suites/own-options.js";
import type { SuiteOptions } from "./suites/suite.js";
import { type CheckResult, STATUSES, type Status } from "./verdicts.js";

export interface ConformOptions {
  /** the suite's name, as `keel conform <suite>` takes it */
  suite: string;
  /** `--target`: a command (split into argv unless it uses shell syntax) or a URL */
  target: string;
  cwd?: string;
  maxCases?: number;
  concurrency?: number;
  timeouts?: Partial<TimeoutOptions>;
  exitMs?: number;
  /** a folder of golden exchanges (*.json) to replay after the suite's checks */
  golden?: string;
  /** an expected-failures baseline (YAML): checks and golden exchanges */
  baseline?: string;
  /** `--strict`: tolerated deviations (warnings) fail */
  strict?: boolean;
  onProgress?: (text: string) => void;
  /** the options only this suite takes (its `flags`), by flag name */
  own?: GivenOwn;
  /** `--shard i/n`: run only this shard's units (shard.ts) */
  shard?: { index: number; total: number };
  /** a label for the implementation in merged reports (default: the target) */
  implementation?: string;
}

/** The JSON report (report/report.schema.json); readers refuse another `report` or `reportVersion`. */
export interface ConformReport {
  report: "keel-conform";
  reportVersion: typeof REPORT_VERSION;
  /** the keel that wrote it */
  keel: string;
  suite: string;
  protocol: string;
  protocolVersion: string;
  target: string;
  /** the implementation's label in merged reports (`--label`, else the target) */
  implementation?: string;
  /** ISO date-time the run started */
  startedAt: string;
  /** `--shard i/n`: this report holds only these units of the run */
  shard?: Shard;
  /** no failure, and under --strict no warning either; false when the target could not start */
  passed: boolean;
  /** --strict: warnings fail the run */
  strict?: boolean;
  /** the target could not be started (exit 2): the report holds the error and no verdicts */
  couldNotStart?: string;
  counts: Record<Status, number>;
  /** the suite's checks, then one check per golden exchange (`exchange/<name>`, with its mismatches) */
  checks: CheckResult[];
  durationMs: number;
  stderr: string;
}

/** Runs a suite, then its golden exchanges on fresh channels, then the baseline over all of them. */
export async function conform(options: ConformOptions): Promise<ConformReport> {
  const suite = findSuite(options.suite);
  const target = parseTarget(options.target);
  if (!suite.targets.includes(target.kind))
    throw new TargetError(
      `expected --target for the ${suite.name} suite to be ${suite.summary}, found ${options.target}`,
    );
  const own = readOwn(suite, options.own);
  const golden = options.golden ? loadGolden(options.golden, suite.protocol) : [];
  const known = [...suite.checks.map((c) => c.name), ...golden.map((g) => `exchange/${g.scenario.name}`)];
  const baseline = options.baseline
    ? parseBaseline(read(options.baseline), options.baseline, known)
    : undefined;
  const started = Date.now();
  const shard = options.shard
    ? shardUnits(
        suite,
        golden.map((g) => g.scenario),
        options.shard.index,
        options.shard.total,
      )
    : undefined;
  const mine = shard ? golden.filter((g) => shard.units.includes(`exchange/${g.scenario.name}`)) : golden;
  const suiteOptions: SuiteOptions = {
    timeouts: { idleMs: 5000, capMs: 30_000, ...options.timeouts },
    maxCases: options.maxCases ?? 20,
    concurrency: options.concurrency ?? 8,
    exitMs: options.exitMs ?? 3000,
    // a suite that declares `units` runs a shard's through the own option it names
    own: shard ? { ...own, ...ownForShard(suite, shard) } : own,
    ...(options.cwd ? { cwd: options.cwd } : {}),
    ...(options.strict ? { strict: true } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  };
  // a shard without the suite's own unit still runs it when its golden exchanges need the advertised capabilities
  const needsRun = !shard || shard.runsSuite || mine.some((g) => g.scenario.requires?.length);
  const run = needsRun
    ? await suite.run(target, suiteOptions)
    : { checks: [], stderr: "", capabilities: [] as string[] };
  const facts = { started, ...(shard ? { shard } : {}) };
  if (run.couldNotStart)
    return {
      ...summarise(suite, options, [], facts),
      passed: false,
      couldNotStart: run.couldNotStart,
      durationMs: Date.now() - started,
      stderr: run.stderr,
    };
  const exchanges: CheckResult[] = [];
  for (const [i, { scenario, file }] of mine.entries()) {
    options.onProgress?.(`exchange ${i + 1}/${mine.length} · ${scenario.name}`);
    const driver = suite.open(target, suiteOptions);
    try {
      const cites = options.cwd ? relative(options.cwd, file) : file;
      const strict = (type?: string) => isStrict(suite.entry, type);
      const result = await replay(driver, scenario, {
        capabilities: new Set(run.capabilities),
        strict,
        file: cites,
        ...(run.implementation ? { implementation: run.implementation } : {}),
      });
      const judged = result.status !== "pass" && result.status !== "skip";
      const channel = suite.channel;
      if (judged && driver.traffic) result.evidence = evidenceOf(channel, driver.traffic.entries);
      exchanges.push(result);
    } finally {
      await driver.close();
    }
  }
  const suiteChecks = shard && !shard.runsSuite ? [] : run.checks;
  const all = [...suiteChecks, ...exchanges];
  const checks = baseline ? applyBaseline(all, baseline) : all;
  return {
    ...summarise(suite, options, checks, facts),
    durationMs: Date.now() - started,
    stderr: shard && !shard.runsSuite ? "" : run.stderr,
  };
}

/** Counts every status; the run passes with no failure and nothing blocked, and under --strict with no warning (verdict or note) either. */
function summarise(
  suite: { name: string; protocol: string },
  options: ConformOptions,
  checks: CheckResult[],
  facts: { started: number; shard?: Shard },
): Omit<ConformReport, "durationMs" | "stderr"> {
  const counts = Object.fromEntries(STATUSES.map((s) => [s, 0])) as Record<Status, number>;
  for (const r of checks) counts[r.status]++;
  return {
    report: "keel-conform",
    reportVersion: REPORT_VERSION,
    keel: keelVersion(),
    suite: suite.name,
    protocol: suite.protocol,
    protocolVersion: protocolVersionOf(suite.protocol),
    target: options.target,
    ...(options.implementation ? { implementation: options.implementation } : {}),
    startedAt: new Date(facts.started).toISOString(),
    ...(facts.shard ? { shard: facts.shard } : {}),
    passed:
      counts.fail === 0 &&
      counts.blocked === 0 &&
      !(options.strict && (counts.warn > 0 || checks.some((c) => c.warnings?.length))),
    ...(options.strict ? { strict: true } : {}),
    counts,
    checks,
  };
}

function read(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (e) {
    throw new ConformError(
      "conform/baseline-unreadable",
      `could not read the baseline ${file}: ${(e as Error).message}`,
    );
  }
}
