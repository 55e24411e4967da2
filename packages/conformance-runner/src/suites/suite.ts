import type { TimeoutOptions } from "../channels/timeouts.js";
import type { Clock } from "../clock.js";
import type { ExchangeDriver } from "../exchange/driver.js";
import type { ConsumerFacts } from "../exchange/strictness.js";
import type { Scenario } from "../exchange/types.js";
import type { Target } from "../process/target.js";
import type { CheckInfo, CheckResult } from "../verdicts.js";

/** What every suite is given: the same meaning in every suite. */
export interface SuiteOptions {
  /** the per-wait limits: `idleMs` is `--timeout` */
  timeouts: TimeoutOptions;
  /** where relative paths in the target resolve */
  cwd?: string;
  /** how many generated cases a suite runs at most (a suite without a case grid ignores it) */
  maxCases: number;
  /** how many requests a load check sends at most (`--max-requests`; a suite without one ignores it) */
  maxRequests?: number;
  /** `keel record slipway -- ARGS`: the implementation's own arguments to record (a suite without them ignores it) */
  args?: string[];
  /** `keel record --listen`: the port a recording proxy listens on (0: any) */
  listen?: number;
  /** how many requests a suite keeps in flight at once */
  concurrency: number;
  /** how long a long-lived implementation may take to exit once asked to */
  exitMs: number;
  /** `--strict`: what a suite tolerates with a warning fails instead */
  strict?: boolean;
  onProgress?: (text: string) => void;
  clock?: Clock;
  /** served suites (slipway-host): the command keel forwards the implementation's calls to (`--backing`) */
  backing?: string;
  /** served suites: how long one scenario may take, host start to exit (`--scenario-timeout`) */
  scenarioMs?: number;
  /** run only these named scenarios (tests) */
  scenarios?: readonly string[];
}

export interface SuiteRun {
  checks: CheckResult[];
  /** set when the implementation could not be started (exit 2, not a verdict) */
  couldNotStart?: string;
  stderr: string;
  /** capabilities the implementation advertised (golden exchanges that require others are skipped) */
  capabilities: string[];
  /** the implementation's own name, when the protocol has one (Mira: initialize's `study`) */
  implementation?: string;
}

/**
 * One conformance suite, named as on the command line (`keel conform <name>`). A suite owns its
 * checks (with citations), knows how to open its channel from a target, and runs; golden exchanges
 * and baselines are handled around it, the same for every suite (conform.ts).
 */
export interface Suite {
  name: string;
  /** the registry protocol its golden exchanges and baselines belong to */
  protocol: string;
  /** what the suite checks, for `--help` and reports */
  summary: string;
  /** the registry entry, for how strictly answers are read (exchange/strictness.ts) */
  entry: ConsumerFacts;
  checks: readonly CheckInfo[];
  /**
   * the independent units its run splits into across `--shard i/n` (the host's scenarios, run through
   * `SuiteOptions.scenarios`); a suite without them runs whole, in one shard
   */
  units?: readonly string[];
  /** the kinds of --target it accepts */
  targets: readonly Target["kind"][];
  /**
   * keel's own implementation, as the repository runs it (`pnpm conform` loops over every suite's): the
   * target (paths relative to the repository root) and the golden exchanges replayed against it
   */
  reference: { target: string; golden?: string };
  /** the suite's generic checks against one implementation */
  run(target: Target, options: SuiteOptions): Promise<SuiteRun>;
  /** a fresh channel to the implementation for one golden exchange */
  open(target: Target, options: SuiteOptions): ExchangeDriver;
  /** drives the implementation and returns what it did as golden exchanges (volatile values as matchers) */
  record?(target: Target, options: SuiteOptions): Promise<Scenario[]>;
}
