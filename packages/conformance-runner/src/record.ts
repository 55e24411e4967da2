import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { TimeoutOptions } from "./channels/timeouts.js";
import { ConformError } from "./conform-error.js";
import { parseTarget, TargetError } from "./process/target.js";
import { findSuite } from "./suites/index.js";
import { type GivenOwn, readRecordingOwn } from "./suites/own-options.js";

export interface RecordOptions {
  suite: string;
  target: string;
  out: string;
  cwd?: string;
  /** the options only recording with this suite takes (`Suite.recording.flags`), by flag name */
  own?: GivenOwn;
  /** the implementation's own arguments to record, for a suite whose `recording.args` takes them */
  args?: readonly string[];
  timeouts?: Partial<TimeoutOptions>;
}

/** Records golden exchanges through a suite and writes each as `<name>.json`. Returns the files written. */
export async function record(options: RecordOptions): Promise<string[]> {
  const suite = findSuite(options.suite);
  if (!suite.record)
    throw new ConformError(
      "conform/no-recorder",
      `expected a suite that can record, found ${suite.name}, which cannot`,
    );
  const target = parseTarget(options.target);
  if (!suite.targets.includes(target.kind))
    throw new TargetError(
      `expected --target for the ${suite.name} suite to be ${suite.summary}, found ${options.target}`,
    );
  const own = readRecordingOwn(suite, options.own);
  if (options.args?.length && !suite.recording?.args)
    throw new ConformError(
      "conform/no-arguments",
      `expected no arguments to record from the ${suite.name} suite, found ${options.args.join(" ")}`,
    );
  const scenarios = await suite.record(target, {
    timeouts: { idleMs: 5000, capMs: 30_000, ...options.timeouts },
    maxCases: 1,
    concurrency: 1,
    exitMs: 3000,
    own,
    ...(options.cwd ? { cwd: options.cwd } : {}),
    ...(options.args?.length ? { args: options.args } : {}),
  });
  mkdirSync(options.out, { recursive: true });
  return scenarios.map((s) => {
    const file = join(options.out, `${s.name}.json`);
    writeFileSync(file, `${JSON.stringify(s, null, 2)}\n`);
    return file;
  });
}
