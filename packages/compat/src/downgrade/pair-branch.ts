import { canonical } from "./apply.js";

/**
 * Which newer allOf/anyOf/oneOf branch stands for older branch `index`: a minor may insert branches (a new
 * method's if/then, a new alternative), so pairing by position alone would give a branch the defaults and
 * names of another. Matched by what identifies a branch — its $ref, its `if`, its constant discriminators,
 * else its whole text — and by position only when the two lists have the same length. -1: no counterpart.
 */
export function pairBranch(older: readonly unknown[], newer: readonly unknown[], index: number): number {
  const key = identity(older[index]);
  if (key !== undefined) {
    const found = newer.findIndex((b) => identity(b) === key);
    if (found !== -1) return found;
  }
  return older.length === newer.length ? index : -1;
}

function identity(branch: unknown): string | undefined {
  if (branch === null || typeof branch !== "object") return canonical(branch);
  const b = branch as Record<string, unknown>;
  if (typeof b.$ref === "string") return `ref ${b.$ref}`;
  if (b.if !== undefined) return `if ${canonical(b.if)}`;
  const props = b.properties as Record<string, unknown> | undefined;
  const consts = Object.entries(props ?? {}).filter(
    ([, p]) => p !== null && typeof p === "object" && Object.hasOwn(p, "const"),
  );
  if (consts.length > 0)
    return `const ${canonical(consts.map(([k, p]) => [k, (p as { const: unknown }).const]))}`;
  return undefined;
}
