/** A zod issue as keel reads it, with the branches of an `invalid_union` (paths relative to the union). */
export interface UnionLikeIssue {
  code: string;
  path: readonly PropertyKey[];
  message: string;
  errors?: readonly (readonly UnionLikeIssue[])[];
}

/**
 * The branch of a failed union that came nearest, as ajv's errors show it: the one with the fewest issues,
 * then the one whose first issue lies deepest (it matched furthest before failing); looked through nested
 * unions. Returns its first issue with the path made absolute, the branch (1-based) and how many there are.
 */
export function nearestBranch(
  issue: UnionLikeIssue,
): { issue: UnionLikeIssue; branch: number; of: number } | undefined {
  const branches = issue.errors;
  if (issue.code !== "invalid_union" || branches === undefined || branches.length === 0) return undefined;
  let best = 0;
  const score = (b: readonly UnionLikeIssue[]): [number, number] => [
    b.length,
    -Math.max(0, ...b.map((i) => i.path.length)),
  ];
  for (let i = 1; i < branches.length; i++) {
    const [count, depth] = score(branches[i] ?? []);
    const [bestCount, bestDepth] = score(branches[best] ?? []);
    if (count > 0 && (bestCount === 0 || count < bestCount || (count === bestCount && depth < bestDepth)))
      best = i;
  }
  const first = branches[best]?.[0];
  if (first === undefined) return undefined;
  const absolute = { ...first, path: [...issue.path, ...first.path] };
  const inner = nearestBranch(absolute);
  return { issue: inner?.issue ?? absolute, branch: best + 1, of: branches.length };
}
