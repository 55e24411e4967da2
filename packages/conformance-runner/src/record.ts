import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { TimeoutOptions } from "./channels/timeouts.js";
import { ConformError } from "./conform-error.js";
import { parseTarget, TargetError } from "./process/target.js";
import { findSuite } from "./suites/index.js";
import { readOwn } from "./suites/own-options.js";

export interface RecordOptions {
  suite: string;
  target: string;
  out: string;
  cwd?: string;
  /** `--listen`: the port a recording proxy listens on (suites that record traffic) */
  listen?: number;
  /** the implementation's arguments to record (`keel record slipway … -- ARGS`) */
  args?: string[];
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
  const scenarios = await suite.record(target, {
    timeouts: { idleMs: 5000, capMs: 30_000, ...options.timeouts },
    maxCases: 1,
    concurrency: 1,
    exitMs: 3000,
    own: readOwn(suite),
    ...(options.cwd ? { cwd: options.cwd } : {}),
    ...(options.listen !== undefined ? { listen: options.listen } : {}),
    ...(options.args?.length ? { args: options.args } : {}),
  });
  mkdirSync(options.out, { recursive: true });
  return scenarios.map((s) => {
    const file = join(options.out, `${s.name}.json`);
    writeFileSync(file, `${JSON.stringify(s, null, 2)}\n`);
    return file;
  });
}
