import type { CodeDescription } from "@keel/diagnostics";
import type { Evidence } from "./evidence.js";
import { type Ground, ground, severity } from "./requirements.js";

/**
 * The verdict of one named check. `warn`: it failed on a SHOULD, a MAY or keel's own reading (`--strict`
 * fails it); `blocked`: a prerequisite failed, so it could not be judged (`blockedBy` says which);
 * `xfail`: failed, and listed as an expected failure in the implementation's baseline.
 */
export type Status = "pass" | "fail" | "warn" | "skip" | "blocked" | "xfail";
export const STATUSES: readonly Status[] = ["pass", "fail", "warn", "skip", "blocked", "xfail"];

/** A check as its suite describes it: a CodeDescription (`code` is the name on reports) and the line it prints. */
export interface CheckInfo extends CodeDescription {
  /** the same as `code`: what reports and baselines call it */
  name: string;
  /** what the check wants, one line */
  summary: string;
  /** where its requirements are written (or, for a golden exchange, its file) */
  cites: string;
}

export interface CheckResult extends CheckInfo {
  status: Status;
  /** why it failed, warned, was skipped or blocked */
  reason?: string;
  expected?: string;
  actual?: string;
  /** how many times it failed, when more than once */
  failures?: number;
  /** deviations noted without a verdict of their own (a lenient consumer tolerates them) */
  warnings?: string[];
  /** the requirements the verdict rests on, with level and quote (all the check's, unless a failure named some) */
  grounds?: Ground[];
  /** `blocked`: the check (or event, such as the implementation exiting) that stopped it */
  blockedBy?: string;
  /** a golden exchange's differences, step by step */
  mismatches?: { step: number; pointer: string; expected: string; actual: string }[];
  /** a failing golden exchange's last messages on its channel (`>` sent, `<` received) */
  traffic?: string[];
  /** the exchanges the verdict was judged on (a failure, warning or expected failure), as the channel recorded them */
  evidence?: Evidence;
}

export interface Detail {
  expected?: string;
  actual?: string;
  /** the requirements this failure rests on (default: every requirement of the check); they set its severity */
  rests?: readonly string[];
}

/**
 * A problem that is keel's wait running out, not the implementation's answer ("no response within N ms"):
 * the check is blocked by `--timeout`, never failed on it — on a busy machine a slow answer is not a finding.
 */
export interface Unanswered {
  unanswered: string;
}
export const unanswered = (reason: string): Unanswered => ({ unanswered: reason });
/** What a check found wrong: a reason, or that keel stopped waiting for the answer. */
export type Problem = string | Unanswered;
/** `problem` with `text` before it, whichever kind it is. */
export const prefixed = (text: string, problem: Problem | undefined): Problem | undefined =>
  problem === undefined
    ? undefined
    : typeof problem === "string"
      ? `${text}${problem}`
      : unanswered(`${text}${problem.unanswered}`);

/** The words of a problem, whichever kind it is. */
export const problemText = (problem: Problem): string =>
  typeof problem === "string" ? problem : problem.unanswered;

/** `blockedBy` of a check keel stopped waiting on. */
export const TIMEOUT = "--timeout";

const rank: Record<Status, number> = { skip: 0, pass: 1, blocked: 2, warn: 3, xfail: 4, fail: 5 };

/**
 * Collects verdicts while a suite runs. A check passes when it saw at least one case and no failure; the
 * first failure of the highest severity is kept (with the count); a check nothing reached is skipped.
 */
export class Verdicts {
  private readonly results = new Map<string, CheckResult>();

  /** `onDecide` hears each check the first time it passes or fails (for progress lines). */
  constructor(
    private readonly catalogue: readonly CheckInfo[],
    private readonly onDecide?: (name: string, decided: number, total: number) => void,
  ) {}

  private decided = 0;

  /**
   * Set while the implementation is gone (it exited, or keel stopped it): a failure of another undecided
   * check is then `blocked` by the check that carries the headline, not one more failure.
   */
  gone?: () => { by: string; reason: string } | undefined;

  /** The channel's traffic as evidence, taken when a check fails (a suite sets it once its channel is open). */
  witness?: () => Evidence | undefined;

  pass(name: string): void {
    const r = this.get(name);
    if (r.status === "skip") {
      r.status = "pass";
      delete r.reason;
      this.onDecide?.(name, ++this.decided, this.catalogue.length);
    }
  }

  /** A failure: `fail` when it rests on a MUST, else `warn` (severity follows the requirements). */
  fail(name: string, reason: string, detail: Detail = {}): void {
    const r = this.get(name);
    const gone = this.gone?.();
    if (gone && gone.by !== name && (r.status === "skip" || r.status === "blocked")) {
      this.block(name, gone.by, gone.reason);
      return;
    }
    const rests = detail.rests ?? r.requirements;
    const status = severity(rests);
    if (r.status === status) {
      r.failures = (r.failures ?? 1) + 1;
      return;
    }
    if (rank[r.status] > rank[status]) return;
    const first = r.status === "skip" || r.status === "blocked";
    const { expected, actual } = detail;
    const evidence = this.witness?.();
    delete r.failures;
    delete r.blockedBy;
    Object.assign(r, {
      status,
      reason,
      grounds: rests.map(ground),
      ...(expected !== undefined ? { expected } : {}),
      ...(actual !== undefined ? { actual } : {}),
      ...(evidence ? { evidence } : {}),
    });
    if (first) this.onDecide?.(name, ++this.decided, this.catalogue.length);
  }

  /** Notes a deviation the check tolerates; it does not change the status. */
  warn(name: string, message: string): void {
    const r = this.get(name);
    r.warnings = [...(r.warnings ?? []), message];
  }

  /** Marks a check skipped unless something already decided it. */
  skip(name: string, reason: string): void {
    const r = this.get(name);
    if (r.status === "skip" && r.reason === undefined) r.reason = reason;
  }

  /** A check that could not be judged because `by` failed first; a check already decided keeps its verdict. */
  block(name: string, by: string, reason: string): void {
    const r = this.get(name);
    if (r.status !== "skip") return;
    Object.assign(r, { status: "blocked", blockedBy: by, reason });
  }

  /** Every undecided check blocked by `by` (the implementation exited, say): reported apart from skips. */
  blockRest(by: string, reason: string): void {
    for (const c of this.catalogue) {
      const r = this.get(c.name);
      if (r.status === "skip" && r.reason === undefined) this.block(c.name, by, reason);
    }
  }

  /** Pass when `problem` is undefined, otherwise fail with it (blocked by `--timeout` when it is `Unanswered`). */
  expect(name: string, problem: Problem | undefined, detail: Detail = {}): void {
    if (problem === undefined) this.pass(name);
    else if (typeof problem === "string") this.fail(name, problem, detail);
    else this.unanswered(name, problem.unanswered);
  }

  /**
   * keel stopped waiting for an answer the check needed: the check is not judged on it — blocked by
   * `--timeout` (the run does not pass), unless a failure or warning already decided it, or the
   * implementation is gone (then that is the headline).
   */
  unanswered(name: string, reason: string): void {
    const r = this.get(name);
    const gone = this.gone?.();
    if (gone && gone.by !== name && (r.status === "skip" || r.status === "blocked")) {
      this.block(name, gone.by, gone.reason);
      return;
    }
    if (rank[r.status] > rank.blocked || r.blockedBy === TIMEOUT) return;
    const first = r.status === "skip";
    delete r.failures;
    Object.assign(r, {
      status: "blocked",
      blockedBy: TIMEOUT,
      reason: `${reason}: keel stopped waiting, nothing judged (raise --timeout on a slow machine)`,
    });
    if (first) this.onDecide?.(name, ++this.decided, this.catalogue.length);
  }

  status(name: string): Status {
    return this.get(name).status;
  }

  list(): CheckResult[] {
    return this.catalogue.map((c) => {
      const r = this.get(c.name);
      return r.status === "skip" && r.reason === undefined ? { ...r, reason: "not reached" } : r;
    });
  }

  private get(name: string): CheckResult {
    const info = this.catalogue.find((c) => c.name === name);
    if (!info) throw new Error(`bug: check ${name} is not in the catalogue`);
    let r = this.results.get(name);
    if (!r) {
      r = { ...info, status: "skip" };
      this.results.set(name, r);
    }
    return r;
  }
}
