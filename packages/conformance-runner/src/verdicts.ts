/** The verdict of one named check. */
/** `xfail`: failed, and listed as an expected failure in the implementation's baseline. */
export type Status = "pass" | "fail" | "skip" | "xfail";

export interface CheckInfo {
  name: string;
  /** the seed or reference section the check enforces */
  cites: string;
  summary: string;
  /** the check asks more than the protocol text says (keel's reading of it): reports mark it */
  beyond?: true;
}

export interface CheckResult extends CheckInfo {
  status: Status;
  /** why it failed or was skipped */
  reason?: string;
  expected?: string;
  actual?: string;
  /** how many times it failed, when more than once */
  failures?: number;
  /** deviations that do not fail the check (a lenient consumer tolerates them) */
  warnings?: string[];
  /** a golden exchange's differences, step by step */
  mismatches?: { step: number; pointer: string; expected: string; actual: string }[];
  /** a failing golden exchange's last messages on its channel (`>` sent, `<` received) */
  traffic?: string[];
}

/**
 * Collects verdicts while a suite runs. A check passes when it saw at least one case and no failure;
 * the first failure is kept (with the count); a check nothing reached is skipped with a reason.
 */
export class Verdicts {
  private readonly results = new Map<string, CheckResult>();

  /** `onDecide` hears each check the first time it passes or fails (for progress lines). */
  constructor(
    private readonly catalogue: readonly CheckInfo[],
    private readonly onDecide?: (name: string, decided: number, total: number) => void,
  ) {}

  private decided = 0;

  pass(name: string): void {
    const r = this.get(name);
    if (r.status === "skip") {
      r.status = "pass";
      delete r.reason;
      this.onDecide?.(name, ++this.decided, this.catalogue.length);
    }
  }

  fail(name: string, reason: string, detail: { expected?: string; actual?: string } = {}): void {
    const r = this.get(name);
    if (r.status === "fail") {
      r.failures = (r.failures ?? 1) + 1;
      return;
    }
    const first = r.status === "skip";
    Object.assign(r, { status: "fail", reason, ...detail });
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

  /** Pass when `problem` is undefined, otherwise fail with it. */
  expect(
    name: string,
    problem: string | undefined,
    detail: { expected?: string; actual?: string } = {},
  ): void {
    if (problem === undefined) this.pass(name);
    else this.fail(name, problem, detail);
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
