import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { KeelError } from "@keel/diagnostics";
import { applyBaseline, parseBaseline } from "./baseline.js";
import { parseScenario, type Scenario } from "./exchange.js";
import { miraChecks } from "./mira/checks.js";
import { runMiraSuite } from "./mira/suite.js";
import { type ReplayResult, replay } from "./replay.js";
import { Session } from "./session.js";
import type { TimeoutOptions } from "./timeouts.js";
import { StdioNdjsonTransport } from "./transports/stdio-ndjson.js";
import type { CheckResult, Status } from "./verdicts.js";

export interface ConformOptions {
  protocol: string;
  /** the command that starts the implementation */
  target: string;
  cwd?: string;
  maxCases?: number;
  concurrency?: number;
  timeouts?: Partial<TimeoutOptions>;
  exitMs?: number;
  /** a folder of golden exchanges (*.json) to replay after the generic suite */
  golden?: string;
  /** an expected-failures baseline (YAML) */
  baseline?: string;
  /** hears a short line of progress while the suite and the exchanges run */
  onProgress?: (text: string) => void;
}

export interface ConformReport {
  protocol: string;
  target: string;
  passed: boolean;
  counts: Record<Status, number>;
  checks: CheckResult[];
  exchanges: ReplayResult[];
  durationMs: number;
  stderr: string;
}

/** The implementation could not be started or the suite cannot run: exit 2, not a verdict. */
export class ConformError extends KeelError {
  constructor(code: string, message: string) {
    super(code, message);
  }
}

const suites: Record<string, { run: typeof runMiraSuite; checks: readonly { name: string }[] }> = {
  mira: { run: runMiraSuite, checks: miraChecks },
};

export async function conform(options: ConformOptions): Promise<ConformReport> {
  const suite = Object.hasOwn(suites, options.protocol) ? suites[options.protocol] : undefined;
  if (!suite)
    throw new ConformError(
      "conform/no-suite",
      `expected a protocol with a conformance suite (${Object.keys(suites).join(", ")}), found ${options.protocol}`,
    );
  const scenarios = options.golden ? loadGolden(options.golden) : [];
  const baseline = options.baseline
    ? parseBaseline(
        read(options.baseline),
        options.baseline,
        suite.checks.map((c) => c.name),
      )
    : undefined;
  const started = Date.now();
  const timeouts = { idleMs: 5000, capMs: 30_000, ...options.timeouts };
  const spawn = () =>
    new StdioNdjsonTransport({ command: options.target, ...(options.cwd ? { cwd: options.cwd } : {}) });
  const run = await suite.run(spawn(), {
    maxCases: options.maxCases ?? 20,
    concurrency: options.concurrency ?? 8,
    timeouts,
    exitMs: options.exitMs ?? 3000,
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
  if (run.couldNotStart) throw new ConformError("conform/could-not-start", run.couldNotStart);
  const exchanges: ReplayResult[] = [];
  for (const [i, scenario] of scenarios.entries()) {
    options.onProgress?.(`exchange ${i + 1}/${scenarios.length} · ${scenario.name}`);
    const transport = spawn();
    const session = new Session(transport, timeouts);
    try {
      exchanges.push(await replay(session, scenario, new Set(run.capabilities)));
    } finally {
      session.close();
      await transport.kill();
    }
  }
  const checks = baseline ? applyBaseline(run.checks, baseline) : run.checks;
  const all = [...checks, ...exchanges];
  const counts = { pass: 0, fail: 0, skip: 0, xfail: 0 };
  for (const r of all) counts[r.status]++;
  return {
    protocol: options.protocol,
    target: options.target,
    passed: counts.fail === 0,
    counts,
    checks,
    exchanges,
    durationMs: Date.now() - started,
    stderr: run.stderr,
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

function loadGolden(dir: string): Scenario[] {
  let files: string[];
  try {
    files = readdirSync(dir)
      .filter((f) => f.endsWith(".json"))
      .sort();
  } catch (e) {
    throw new ConformError(
      "conform/golden-unreadable",
      `could not read golden exchanges in ${dir}: ${(e as Error).message}`,
    );
  }
  return files.map((f) => parseScenario(readFileSync(join(dir, f), "utf8"), join(dir, f)));
}
