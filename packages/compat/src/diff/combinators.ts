import { canonical } from "../canonical.js";
import { childNode, pointerOf, type SchemaNode } from "../node.js";
import { type DiffContext, emit } from "./context.js";
import { emptyLike } from "./objects.js";
import { type Branch, branches, pairBranches } from "./pairing.js";

const isConditional = (b: Branch): boolean =>
  b.raw !== null && typeof b.raw === "object" && Object.hasOwn(b.raw, "if");

export function diffCombinators(ctx: DiffContext, older: SchemaNode, newer: SchemaNode): void {
  for (const [kw, id] of [
    ["anyOf", "any-of"],
    ["oneOf", "one-of"],
  ] as const) {
    const [a, b] = [branches(older, kw), branches(newer, kw)];
    if ((a.length === 0) !== (b.length === 0)) {
      // the whole union appeared or went: one constraint, not alternatives one by one
      const what = `${kw} of ${a.length + b.length} alternatives ${a.length === 0 ? "added" : "removed"}`;
      emit(
        ctx,
        `${id}-${a.length === 0 ? "added" : "removed"}`,
        pointerOf(newer, kw),
        what,
        pointerOf(older, kw),
      );
      continue;
    }
    const { pairs, added, removed } = pairBranches(a, b);
    for (const [x, y] of pairs) ctx.compare(x.node, y.node);
    for (const b of added)
      emit(
        ctx,
        `${id}-branch-added`,
        pointerOf(newer, kw, b.index),
        `${kw} alternative ${describe(b)} added`,
      );
    for (const a of removed)
      emit(
        ctx,
        `${id}-branch-removed`,
        pointerOf(newer, kw),
        `${kw} alternative ${describe(a)} removed`,
        pointerOf(older, kw, a.index),
      );
  }
  const all = (n: SchemaNode) => branches(n, "allOf");
  const plain = pairBranches(
    all(older).filter((b) => !isConditional(b)),
    all(newer).filter((b) => !isConditional(b)),
  );
  for (const [a, b] of plain.pairs) ctx.compare(a.node, b.node);
  for (const b of plain.added)
    emit(
      ctx,
      "all-of-branch-added",
      pointerOf(newer, "allOf", b.index),
      `allOf constraint ${describe(b)} added`,
    );
  for (const a of plain.removed)
    emit(
      ctx,
      "all-of-branch-removed",
      pointerOf(newer, "allOf"),
      `allOf constraint ${describe(a)} removed`,
      pointerOf(older, "allOf", a.index),
    );
  const conds = (n: SchemaNode) => [
    ...all(n)
      .filter(isConditional)
      .map((b) => b.node),
    ...(Object.hasOwn(n.schema, "if") ? [n] : []),
  ];
  diffConditionals(ctx, conds(older), conds(newer), newer);
  const na = childNode(older, "not");
  const nb = childNode(newer, "not");
  if (canonical(older.schema.not) !== canonical(newer.schema.not) && (na === undefined || nb === undefined))
    emit(
      ctx,
      "keyword-changed",
      pointerOf(newer, "not"),
      `not ${nb === undefined ? "removed" : "added"}`,
      pointerOf(older, "not"),
    );
  else if (na !== undefined && nb !== undefined) ctx.compare(na, nb);
}

/** if/then/else, alone or inside allOf, paired by their `if`. */
function diffConditionals(
  ctx: DiffContext,
  older: SchemaNode[],
  newer: SchemaNode[],
  parent: SchemaNode,
): void {
  const key = (n: SchemaNode) => canonical(n.schema.if);
  // the same `if` may guard several blocks: pair them in order, each old block at most once
  const left = [...older];
  for (const b of newer) {
    const i = left.findIndex(
      (x) => key(x) === key(b) && canonical(x.schema.then) === canonical(b.schema.then),
    );
    const j = i !== -1 ? i : left.findIndex((x) => key(x) === key(b));
    const a = j === -1 ? undefined : left.splice(j, 1)[0];
    if (a === undefined) {
      emit(ctx, "conditional-added", pointerOf(b, "if"), `conditional added: if ${key(b)}`);
      continue;
    }
    for (const kw of ["then", "else"]) {
      const ta = childNode(a, kw);
      const tb = childNode(b, kw);
      if (ta !== undefined || tb !== undefined) ctx.compare(ta ?? emptyLike(b), tb ?? emptyLike(a));
    }
  }
  for (const a of left)
    emit(
      ctx,
      "conditional-removed",
      pointerOf(parent, "allOf"),
      `conditional removed: if ${key(a)}`,
      pointerOf(a, "if"),
    );
}

function describe(b: Branch): string {
  const name = b.node.chain.length > 1 ? b.node.at.pointer.split("/").pop() : undefined;
  return name === undefined ? `#${b.index}` : `#${b.index} (${name})`;
}
