/** One matrix case the runner will `run`, as the params it sends. */
export interface PlannedCase {
  eval: string;
  sample: string;
  target: string;
  params: Record<string, string>;
  trial?: number;
  trials?: number;
  seed?: number;
}

export interface ListedEval {
  name: string;
  samples: { id: string }[];
  targets: { label: string; available: boolean }[];
  axes?: { name: string; values: string[] }[];
  trials?: number;
  seed?: number | null;
}

const GRID_LIMIT = 100_000;

/**
 * The grid samples × available targets × axes × trials of every eval, thinned to at most `maxCases`
 * by an even stride so every eval and the grid's far corners stay represented.
 */
export function planCases(evals: readonly ListedEval[], maxCases: number): PlannedCase[] {
  const grid: PlannedCase[] = [];
  for (const e of evals) {
    const targets = e.targets.filter((t) => t.available);
    const trials = Math.max(1, e.trials ?? 1);
    for (const sample of e.samples)
      for (const target of targets)
        for (const params of axisCombinations(e.axes ?? []))
          for (let trial = 0; trial < trials && grid.length < GRID_LIMIT; trial++) {
            const c: PlannedCase = { eval: e.name, sample: sample.id, target: target.label, params };
            if (trials > 1) Object.assign(c, { trial, trials });
            if (typeof e.seed === "number") c.seed = e.seed + trial;
            grid.push(c);
          }
  }
  if (grid.length <= maxCases) return grid;
  const stride = grid.length / maxCases;
  return Array.from({ length: maxCases }, (_, i) => grid[Math.floor(i * stride)] as PlannedCase);
}

function axisCombinations(axes: readonly { name: string; values: string[] }[]): Record<string, string>[] {
  let combos: Record<string, string>[] = [{}];
  for (const axis of axes) {
    if (axis.values.length === 0) continue;
    combos = combos.flatMap((c) => axis.values.map((v) => ({ ...c, [axis.name]: v })));
  }
  return combos;
}
