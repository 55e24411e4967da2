import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { applyBaseline, parseBaseline } from "./baseline.js";
import type { TimeoutOptions } from "./channels/timeouts.js";
import { ConformError } from "./conform-error.js";
import { loadGolden } from "./exchange/load.js";
import { replay } from "./exchange/replay.js";
import { isStrict } from "./exchange/strictness.js";
import { parseTarget, TargetError } from "./process/target.js";
import { findSuite } from "./suites/index.js";
import { type GivenOwn, readOwn } from "./suites/own-options.js";
import type { SuiteOptions } from "./suites/suite.js";
import { type CheckResult, STATUSES, type Status } from "./verdicts.js";

export interface ConformOptions {
  /** the suite's name (mira, …) */
  suite: string;
  /** `--target`: a command (split into argv unless it uses shell syntax) or a URL */
  target: string;
  cwd?: string;
  maxCases?: number;
  concurrency?: number;
  maxRequests?: number;
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
}

export interface ConformReport {
  suite: string;
  protocol: string;
  target: string;
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
  const suiteOptions: SuiteOptions = {
    timeouts: { idleMs: 5000, capMs: 30_000, ...options.timeouts },
    maxCases: options.maxCases ?? 20,
    concurrency: options.concurrency ?? 8,
    exitMs: options.exitMs ?? 3000,
    own,
    ...(options.maxRequests ? { maxRequests: options.maxRequests } : {}),
    ...(options.cwd ? { cwd: options.cwd } : {}),
    ...(options.strict ? { strict: true } : {}),
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  };
  const run = await suite.run(target, suiteOptions);
  if (run.couldNotStart)
    return {
      ...summarise(suite, options, []),
      passed: false,
      couldNotStart: run.couldNotStart,
      durationMs: Date.now() - started,
      stderr: run.stderr,
    };
  const exchanges: CheckResult[] = [];
  for (const [i, { scenario, file }] of golden.entries()) {
    options.onProgress?.(`exchange ${i + 1}/${golden.length} · ${scenario.name}`);
    const driver = suite.open(target, suiteOptions);
    try {
      const cites = options.cwd ? relative(options.cwd, file) : file;
      const strict = (type?: string) => isStrict(suite.entry, type);
      exchanges.push(
        await replay(driver, scenario, {
          capabilities: new Set(run.capabilities),
          strict,
          file: cites,
          ...(run.implementation ? { implementation: run.implementation } : {}),
        }),
      );
    } finally {
      await driver.close();
    }
  }
  const all = [...run.checks, ...exchanges];
  const checks = baseline ? applyBaseline(all, baseline) : all;
  return { ...summarise(suite, options, checks), durationMs: Date.now() - started, stderr: run.stderr };
}

/** Counts every status; the run passes with no failure and nothing blocked, and under --strict with no warning (verdict or note) either. */
function summarise(
  suite: { name: string; protocol: string },
  options: ConformOptions,
  checks: CheckResult[],
): Omit<ConformReport, "durationMs" | "stderr"> {
  const counts = Object.fromEntries(STATUSES.map((s) => [s, 0])) as Record<Status, number>;
  for (const r of checks) counts[r.status]++;
  return {
    suite: suite.name,
    protocol: suite.protocol,
    target: options.target,
    passed:
      counts.fail === 0 && !(options.strict && (counts.warn > 0 || checks.some((c) => c.warnings?.length))),
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
