import type { TimeoutOptions } from "../channels/timeouts.js";
import type { Clock } from "../clock.js";
import type { ChannelKind } from "../evidence.js";
import type { ConsumerFacts } from "../exchange/strictness.js";
import type { Scenario } from "../exchange/types.js";
import type { Target } from "../process/target.js";
import type { ExchangeDriver } from "../traffic.js";
import type { CheckInfo, CheckResult } from "../verdicts.js";

/** What every suite is given: the same meaning in every suite. */
export interface SuiteOptions {
  /** the per-wait limits: `idleMs` is `--timeout` */
  timeouts: TimeoutOptions;
  /** where relative paths in the target resolve */
  cwd?: string;
  /** how many generated cases a suite runs at most (a suite without a case grid ignores it) */
  maxCases: number;
  /** `keel record <suite> ARGS`: the implementation's own arguments, for a suite whose `recording.args` takes them */
  args?: readonly string[];
  /** how many requests a suite keeps in flight at once */
  concurrency: number;
  /** how long a long-lived implementation may take to exit once asked to */
  exitMs: number;
  /** `--strict`: what a suite tolerates with a warning fails instead */
  strict?: boolean;
  onProgress?: (text: string) => void;
  clock?: Clock;
  /**
   * the suite's own options by flag name, read and defaulted (suites/own-options.ts): `Suite.flags` for a
   * run, `Suite.recording.flags` for `keel record`
   */
  own: OwnValues;
}

/** A suite's own option values by flag name: a text, a positive integer or a list of names. */
export type OwnValues = Readonly<Record<string, string | number | readonly string[]>>;

/**
 * An option only one suite takes, `keel conform <suite> --<name> VALUE`, declared by the suite: the CLI
 * and `conform()` read it from here and know no suite's options by name.
 */
export interface SuiteFlag {
  /** the flag without its dashes, `name` for `--name` */
  name: string;
  /** `text` as given; `positive` a positive integer; `port` 0 to 65535 (0: any); `names` a comma-separated list */
  kind: "text" | "positive" | "port" | "names";
  /** what it does, for `--requirements` and reports */
  description: string;
  /**
   * its value when not given: a literal, or a command installed with a package (`bin` of its package.json),
   * which the caller that has the package resolves (the CLI), so that the runner never imports it
   */
  default?: string | number | { package: string; bin: string };
}

/**
 * How the repository's own tests run this suite's fakes (`conformance/<suite>/fakes/`, test/fakes/)
 * and its clean-room peers (test/peers.test.ts).
 */
export interface SuiteTesting {
  /** the target that runs one fake: `{fake}` is its file, `{scratch}` a fresh path (plus the suite's own placeholders) */
  fake: string;
  /** own options every test run needs, fakes and peers alike; `{root}` is the repository */
  needs?: Readonly<Record<string, string | number>>;
  /** a fake's settings on a loaded machine: per-wait limits (default: the fakes test's tight ones), own options */
  loaded?: {
    timeouts?: TimeoutOptions;
    own?: Readonly<Record<string, string | number>>;
  };
  /** its fakes run at once with the other suites' concurrent fakes (each on its own port, a process per call) */
  concurrent?: boolean;
  /**
   * a fake fails its named check and no other, except `besides` (checks that any fault also fails); one
   * whose check is `stops` (the implementation exits) may fail one more, and blocks the rest
   */
  alone?: { besides?: readonly string[]; stops?: string };
}

/**
 * The independent units a suite's run splits into across `--shard i/n`, and its own option that runs only
 * some of them: a shard's units are written `<option>/<name>` and given back as `--<option> a,b` (shard.ts).
 */
export interface SuiteUnits {
  /** the name of a `names` flag among the suite's `flags` */
  option: string;
  names: readonly string[];
}

/** What `keel record <suite>` takes besides `--target` and `--out`, declared by the suite. */
export interface SuiteRecording {
  /** options only recording takes (`--name VALUE`), read into `SuiteOptions.own` */
  flags?: readonly SuiteFlag[];
  /** the implementation's own arguments it records (`SuiteOptions.args`), said for `--help`; absent: none */
  args?: string;
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
  /** the independent units its run splits into across `--shard i/n`; a suite without them runs whole, in one shard */
  units?: SuiteUnits;
  /** the channel it speaks, which decides how evidence from its traffic is shown */
  channel: ChannelKind;
  /** the kinds of --target it accepts */
  targets: readonly Target["kind"][];
  /**
   * keel's own implementation, as the repository runs it (`pnpm conform` loops over every suite's): the
   * target (paths relative to the repository root) and the golden exchanges replayed against it
   */
  reference: { target: string; golden?: string };
  /** the options only this suite takes, with their defaults */
  flags?: readonly SuiteFlag[];
  /** how the repository's tests run its fakes and peers */
  testing: SuiteTesting;
  /** the suite's generic checks against one implementation */
  run(target: Target, options: SuiteOptions): Promise<SuiteRun>;
  /** a fresh channel to the implementation for one golden exchange */
  open(target: Target, options: SuiteOptions): ExchangeDriver;
  /** what `keel record <suite>` takes: its own options and arguments (none when absent) */
  recording?: SuiteRecording;
  /** drives the implementation and returns what it did as golden exchanges (volatile values as matchers) */
  record?(target: Target, options: SuiteOptions): Promise<Scenario[]>;
}
