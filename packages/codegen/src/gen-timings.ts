/**
 * `keel gen --timings`: where a run's time goes, per protocol and stage. The TypeScript outputs (the protocol
 * package) are one stage and the other languages' packages another, so each is timed and reported apart.
 */
export const STAGES = ["schemas", "typescript", "fixtures", "requirements", "languages"] as const;
export type Stage = (typeof STAGES)[number];

/** Milliseconds per stage of one protocol, in the thread that generated it. */
export type StageTimes = Record<Stage, number>;

const HEADINGS: Record<Stage, string> = {
  schemas: "schemas",
  typescript: "typescript",
  fixtures: "fixtures",
  requirements: "requirements",
  languages: "other languages",
};

/** Times each stage of one protocol's generation. */
export class StageClock {
  readonly times: StageTimes = { schemas: 0, typescript: 0, fixtures: 0, requirements: 0, languages: 0 };

  async time<T>(stage: Stage, run: () => T | Promise<T>): Promise<T> {
    const start = performance.now();
    try {
      return await run();
    } finally {
      this.times[stage] += performance.now() - start;
    }
  }
}

/** What `--timings` measured: each generating thread's start-up (loading the generators) and each protocol's stages. */
export interface GenTimings {
  /** milliseconds each generating thread spent loading the generators before its first protocol */
  loading: number[];
  protocols: Map<string, StageTimes>;
}

const seconds = (ms: number): string => (ms / 1000).toFixed(2);

/** The table `--timings` prints: seconds per protocol and stage, a total per row and per column. */
export function formatTimings(timings: GenTimings): string {
  if (timings.protocols.size === 0) return "keel gen timings: no protocol generated\n";
  const names = [...timings.protocols.keys()].sort();
  const first = Math.max("loading the generators".length, ...names.map((n) => n.length), "all".length);
  const widths = STAGES.map((s) => Math.max(HEADINGS[s].length, 6));
  const row = (label: string, cells: string[]): string =>
    `  ${label.padEnd(first)}  ${cells.map((c, i) => c.padStart(widths[i] ?? 6)).join("  ")}`.trimEnd();
  const total = (times: StageTimes): number => STAGES.reduce((sum, s) => sum + times[s], 0);
  const all = Object.fromEntries(
    STAGES.map((s) => [s, names.reduce((sum, n) => sum + (timings.protocols.get(n)?.[s] ?? 0), 0)]),
  ) as StageTimes;
  const lines = [
    "keel gen timings, seconds in the thread that generated each protocol:",
    `  ${"loading the generators".padEnd(first)}  ${timings.loading.map(seconds).join("  ")}`,
    row("protocol", [...STAGES.map((s) => HEADINGS[s]), "total"]),
    ...names.map((n) => {
      const times = timings.protocols.get(n) as StageTimes;
      return row(n, [...STAGES.map((s) => seconds(times[s])), seconds(total(times))]);
    }),
    row("all", [...STAGES.map((s) => seconds(all[s])), seconds(total(all))]),
  ];
  return `${lines.join("\n")}\n`;
}
