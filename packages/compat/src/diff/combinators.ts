import { canonical } from "../canonical.js";
import { childNode, pointerOf, type SchemaNode } from "../schema-node.js";
import { isAnnotation } from "./annotations.js";
import { type DiffContext, emit } from "./context.js";
import { describeBranch } from "./names.js";
import { emptyLike } from "./objects.js";
import { declaresObject } from "./open-content.js";
import { accepts, coveredBy } from "./subset.js";

/** A branch node that knows the object it constrains (for the open-content rules). */
const under = (branch: SchemaNode, owner: SchemaNode): SchemaNode => ({
  ...branch,
  parent: declaresObject(owner) ? owner : owner.parent,
});

import { type Branch, branches, pairBranches } from "./pairing.js";

const isConditional = (b: Branch): boolean =>
  b.raw !== null && typeof b.raw === "object" && Object.hasOwn(b.raw, "if");

export function diffCombinators(ctx: DiffContext, older: SchemaNode, newer: SchemaNode): void {
  for (const [kw, id] of [
    ["anyOf", "any-of"],
    ["oneOf", "one-of"],
  ] as const) {
    const [a, b] = [branches(older, kw), branches(newer, kw)];
    if (a.length === 0 && b.length > 0 && b.some((y) => accepts(ctx, older, y.node))) {
      // the old value is still one of the alternatives: a union that widens it
      emit(
        ctx,
        "union-widened",
        pointerOf(newer, kw),
        `now ${kw} of ${b.length} alternatives, one of which accepts everything it accepted before`,
        pointerOf(older, "type"),
      );
      continue;
    }
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
    for (const [x, y] of pairs) ctx.compare(under(x.node, older), under(y.node, newer));
    const kept = pairs.map(([, y]) => y.node);
    for (const b of added) {
      if (kw === "anyOf" && coveredBy(b.node, kept)) {
        emit(
          ctx,
          "any-of-branch-covered",
          pointerOf(newer, kw, b.index),
          `anyOf alternative ${describeBranch(b)} added, already accepted by a catch-all alternative`,
        );
        continue;
      }
      emit(
        ctx,
        `${id}-branch-added`,
        pointerOf(newer, kw, b.index),
        `${kw} alternative ${describeBranch(b)} added`,
      );
    }
    for (const a of removed) {
      if (kw === "anyOf" && coveredBy(a.node, kept)) {
        emit(
          ctx,
          "any-of-branch-covered",
          pointerOf(newer, kw),
          `anyOf alternative ${describeBranch(a)} removed, still accepted by a catch-all alternative`,
          pointerOf(older, kw, a.index),
        );
        continue;
      }
      emit(
        ctx,
        `${id}-branch-removed`,
        pointerOf(newer, kw),
        `${kw} alternative ${describeBranch(a)} removed`,
        pointerOf(older, kw, a.index),
      );
    }
  }
  const all = (n: SchemaNode) => branches(n, "allOf");
  const plain = pairBranches(
    all(older).filter((b) => !isConditional(b)),
    all(newer).filter((b) => !isConditional(b)),
  );
  for (const [a, b] of plain.pairs) ctx.compare(under(a.node, older), under(b.node, newer));
  for (const b of plain.added)
    emit(
      ctx,
      "all-of-branch-added",
      pointerOf(newer, "allOf", b.index),
      `allOf constraint ${describeBranch(b)} added: every document must now also ${constrains(b.node)}; new readers refuse old documents that do not`,
    );
  for (const a of plain.removed)
    emit(
      ctx,
      "all-of-branch-removed",
      pointerOf(newer, "allOf"),
      `allOf constraint ${describeBranch(a)} removed`,
      pointerOf(older, "allOf", a.index),
    );
  const conds = (n: SchemaNode) => [
    ...all(n)
      .filter(isConditional)
      .map((b) => b.node),
    ...(Object.hasOwn(n.schema, "if") ? [n] : []),
  ];
  diffConditionals(
    ctx,
    conds(older).map((c) => under(c, older)),
    conds(newer).map((c) => under(c, newer)),
    newer,
  );
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

/** What an allOf branch asks of a document, in words: its required names, properties, types, values. */
function constrains(n: SchemaNode): string {
  const s = n.schema;
  const parts: string[] = [];
  if (Array.isArray(s.required) && s.required.length > 0)
    parts.push(`carry ${s.required.map((r) => `"${r}"`).join(", ")}`);
  const props = s.properties !== null && typeof s.properties === "object" ? Object.keys(s.properties) : [];
  if (props.length > 0)
    parts.push(
      `match its schema for ${props
        .slice(0, 4)
        .map((p) => `"${p}"`)
        .join(", ")}${props.length > 4 ? ` and ${props.length - 4} more` : ""}`,
    );
  if (s.type !== undefined)
    parts.push(`be of type ${Array.isArray(s.type) ? s.type.join(" | ") : String(s.type)}`);
  if (Object.hasOwn(s, "const") || Array.isArray(s.enum)) parts.push("hold one of its values");
  if (s.additionalProperties === false) parts.push("carry no property it does not name");
  const said = ["required", "properties", "type", "const", "enum", "additionalProperties"];
  const containers = ["$schema", "$id", "$defs", "definitions", "$anchor", "default"];
  const other = Object.keys(s).filter(
    (k) => !said.includes(k) && !containers.includes(k) && !isAnnotation(k),
  );
  if (other.length > 0) parts.push(`meet its ${other.slice(0, 4).join(", ")}`);
  return parts.length > 0 ? parts.join(", ") : "match it";
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
    const req = (n: SchemaNode) => canonical((n.schema.then as { required?: unknown } | undefined)?.required);
    const k = i !== -1 ? i : left.findIndex((x) => key(x) === key(b) && req(x) === req(b));
    const j = k !== -1 ? k : left.findIndex((x) => key(x) === key(b));
    const a = j === -1 ? undefined : left.splice(j, 1)[0];
    if (a === undefined) {
      emit(ctx, "conditional-added", pointerOf(b, "if"), `conditional added: if ${key(b)}`);
      continue;
    }
    for (const kw of ["then", "else"]) {
      const ta = childNode(a, kw);
      const tb = childNode(b, kw);
      if (ta !== undefined || tb !== undefined)
        ctx.compare(under(ta ?? emptyLike(b, a, kw), a), under(tb ?? emptyLike(a, b, kw), b));
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
