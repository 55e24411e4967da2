import type { Run } from "./context.js";
import type { ApplyOptions, DowngradePlan, DowngradeResult } from "./types.js";
import { versionPointers, writeVersions } from "./version.js";
import { walk } from "./walk.js";

/**
 * Rewrite a document of the newer version so the older one accepts it: strip what the older version does
 * not know, drop nulls it cannot hold, fill what it requires, write its version. Never mutates `document`.
 */
export function applyDowngrade(
  plan: DowngradePlan,
  root: string,
  document: unknown,
  options: ApplyOptions = {},
): DowngradeResult {
  const start = plan.roots[root];
  if (start === undefined)
    throw new RangeError(
      `no downgrade ${plan.from} → ${plan.to} for "${root}" (known: ${Object.keys(plan.roots).join(", ")})`,
    );
  const run: Run = { plan, options, changes: [], problems: [], versionAt: new Set() };
  run.versionAt = versionPointers(run, root, document);
  const result = walk(run, document, [start], "", 0);
  writeVersions(run, result);
  return { document: result, changes: run.changes, problems: run.problems };
}
