// The downgrade runtime. keel gen copies this file verbatim into each protocol package that has an older
// released minor (src/generated/downgrade.gen.ts), so it imports nothing but @keel/diagnostics, which
// every protocol package may use.
import { type Finding, finding } from "@keel/diagnostics";

/**
 * What a downgrade needs to know about one place of the older schema, with the newer version's facts
 * about the same place baked in (see plan.ts). Nodes refer to each other by index, so recursion is a cycle.
 */
export interface PlanNode {
  /** JSON types the older version allows here ("null" included when nullable); absent: any */
  types?: string[];
  /** the older version's const/enum values */
  values?: unknown[];
  pattern?: string;
  props?: Record<string, number>;
  patternProps?: Array<[string, number]>;
  additional?: number;
  closed?: boolean;
  required?: string[];
  /** properties the newer version names here and the older does not: stripped even from open objects */
  newer?: string[];
  /** values for required properties: the newer version's default, else the older's */
  defaults?: Record<string, unknown>;
  /** a `false` schema: the older version admits no value here */
  never?: boolean;
  prefix?: number[];
  items?: number;
  /** a tuple that admits nothing after its `prefix` items */
  closedItems?: boolean;
  allOf?: number[];
  /** anyOf and oneOf alternatives: the best-fitting one of each list applies */
  choices?: number[][];
  /** if/then/else: `whenTrue` applies when the value fits `test`, else `whenFalse` */
  cond?: { test: number; whenTrue?: number; whenFalse?: number };
}

export interface DowngradePlan {
  /** the version a downgrade produces and the one it reads */
  to: string;
  from: string;
  nodes: PlanNode[];
  /** document type or definition name → its node */
  roots: Record<string, number>;
  /** per document type, the version field's pointers ("*" = every array item) */
  versionPointers: Record<string, string[]>;
  /** the value written there */
  versionValue: string;
}

/** One thing a downgrade did to the document. */
export interface DowngradeChange {
  action: "stripped" | "filled" | "version-set";
  /** JSON Pointer into the document */
  pointer: string;
  detail: string;
}

export interface DowngradeResult {
  document: unknown;
  changes: DowngradeChange[];
  /** what it could not do: the result then does not validate against the older version */
  problems: Finding[];
}

/** Asked for a required property the document lacks; returns its value, or undefined to fall back. */
export interface FillRequest {
  /** pointer of the object missing the property */
  pointer: string;
  property: string;
  /** the object as it was in the newer document (before stripping), e.g. to project a trajectory */
  original: Record<string, unknown>;
}

export interface ApplyOptions {
  /**
   * protocol-specific projection, asked for every property the older version names and the document
   * lacks; undefined leaves an optional one absent and fills a required one from the defaults
   */
  fill?: (request: FillRequest) => unknown;
  /** the version value to write instead of the plan's */
  versionValue?: string;
  /** false: leave version fields as they are (e.g. a Mira result that does not answer `initialize`) */
  setVersion?: boolean;
}

/** Nesting beyond this is reported, not walked (a downgrade never overflows the stack). */
const MAX_DEPTH = 1000;

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
  const changes: DowngradeChange[] = [];
  const problems: Finding[] = [];
  const node = (i: number): PlanNode => plan.nodes[i] as PlanNode;
  const versionAt = new Set(
    options.setVersion === false
      ? []
      : (plan.versionPointers[root] ?? []).flatMap((p) => expand(document, p)),
  );

  // returns a new value: the input is never shared with the result, so writing the version cannot alter it
  const walk = (value: unknown, olds: number[], at: string, depth: number): unknown => {
    if (depth > MAX_DEPTH) {
      problems.push(finding("downgrade/too-deep", { depth: MAX_DEPTH }, { pointer: at }));
      return value;
    }
    if (olds.length === 0) return copy(value);
    const here = olds.flatMap((o) => applicable(plan, value, o));
    if (!checkType(value, here, at)) return copy(value);
    if (Array.isArray(value)) return walkArray(value, here, at, depth);
    if (isObject(value)) return walkObject(value, here, at, depth);
    if (!versionAt.has(at)) checkValue(value, here, at);
    return value;
  };

  const walkArray = (items: unknown[], here: PlanNode[], at: string, depth: number) => {
    const closedAt = here.find((n) => n.closedItems)?.prefix?.length;
    const kept = closedAt === undefined ? items : items.slice(0, closedAt);
    if (kept.length < items.length)
      changes.push({
        action: "stripped",
        pointer: `${at}/${kept.length}`,
        detail: `${plan.to} admits ${kept.length} items here; dropped ${items.length - kept.length}`,
      });
    return kept.map((v, i) => walk(v, itemNodes(here, i), `${at}/${i}`, depth + 1));
  };

  const walkObject = (obj: Record<string, unknown>, here: PlanNode[], at: string, depth: number) => {
    const required = new Set(here.flatMap((n) => n.required ?? []));
    const closed = here.some((n) => n.closed);
    const newer = new Set(here.flatMap((n) => n.newer ?? []));
    const out: Record<string, unknown> = {};
    const strip = (pointer: string, detail: string) => changes.push({ action: "stripped", pointer, detail });
    for (const [key, v] of Object.entries(obj)) {
      const ptr = `${at}/${escapeToken(key)}`;
      const o = propertyNodes(here, key);
      if (o.some((i) => node(i).never)) strip(ptr, `${plan.to} does not allow "${key}"`);
      else if (o.length === 0 && (closed || newer.has(key))) strip(ptr, `${plan.to} does not know "${key}"`);
      else if (o.length === 0) setOwn(out, key, walk(v, additionalNodes(here), ptr, depth + 1));
      else if (v === null && !required.has(key) && !o.every((i) => allowsNull(node(i))))
        strip(ptr, `${plan.to} has no null for "${key}"; absent instead`);
      else setOwn(out, key, walk(v, o, ptr, depth + 1));
    }
    // a filler may project any property the older version names; defaults only fill required ones
    const named = here.flatMap((n) => Object.keys(n.props ?? {}));
    for (const key of new Set([...required, ...named])) {
      if (Object.hasOwn(out, key) || Object.hasOwn(obj, key)) continue;
      const ptr = `${at}/${escapeToken(key)}`;
      const given = options.fill?.({ pointer: at, property: key, original: obj });
      if (given === undefined && !required.has(key)) continue;
      const fallback = here.find((n) => n.defaults !== undefined && Object.hasOwn(n.defaults, key))?.defaults;
      const value = given !== undefined ? given : fallback?.[key];
      if (value === undefined) {
        problems.push(
          finding("downgrade/cannot-fill", { property: key, version: plan.to }, { pointer: ptr }),
        );
        continue;
      }
      setOwn(out, key, walk(value, propertyNodes(here, key), ptr, depth + 1));
      changes.push({ action: "filled", pointer: ptr, detail: `filled with ${show(value)}` });
    }
    return out;
  };

  /** A JSON type the older version does not allow cannot be downgraded: report it, leave the value. */
  const checkType = (value: unknown, here: PlanNode[], at: string): boolean => {
    const misfit = here.find((n) => !typeFits(value, n));
    if (misfit === undefined) return true;
    const allowed = (misfit.types ?? []).join(" | ");
    problems.push(
      finding("downgrade/wrong-type", { value: show(value), version: plan.to, allowed }, { pointer: at }),
    );
    return false;
  };

  const additionalNodes = (here: PlanNode[]): number[] =>
    here.flatMap((n) => (n.additional === undefined ? [] : [n.additional]));

  const checkValue = (value: unknown, here: PlanNode[], at: string) => {
    for (const n of here) {
      let allowed: string | undefined;
      if (n.values !== undefined && !n.values.some((x) => canonical(x) === canonical(value)))
        allowed = n.values.map((x) => show(x)).join(", ");
      else if (
        n.pattern !== undefined &&
        typeof value === "string" &&
        !new RegExp(n.pattern, "u").test(value)
      )
        allowed = `strings matching ${n.pattern}`;
      if (allowed === undefined) continue;
      problems.push(
        finding(
          "downgrade/unknown-value",
          { value: show(value), version: plan.to, allowed },
          { pointer: at },
        ),
      );
      return;
    }
  };

  const propertyNodes = (here: PlanNode[], key: string): number[] =>
    here.flatMap((n) => {
      const named = n.props !== undefined && Object.hasOwn(n.props, key) ? [n.props[key] as number] : [];
      const matched = (n.patternProps ?? []).filter(([p]) => new RegExp(p, "u").test(key)).map(([, i]) => i);
      return [...named, ...matched];
    });

  const itemNodes = (here: PlanNode[], index: number): number[] =>
    here.flatMap((n) => {
      const at = n.prefix !== undefined && index < n.prefix.length ? n.prefix[index] : n.items;
      return at === undefined ? [] : [at];
    });

  const result = walk(document, [start], "", 0);
  for (const pointer of versionAt) {
    const tokens = pointer.split("/").slice(1).map(unescapeToken);
    const key = tokens.pop() as string;
    let parent: unknown = result;
    for (const t of tokens)
      parent = isObject(parent) || Array.isArray(parent) ? (parent as Record<string, unknown>)[t] : undefined;
    if (!isObject(parent) || !Object.hasOwn(parent, key)) continue;
    const current = parent[key];
    const version = options.versionValue ?? plan.versionValue;
    const value = typeof current === "number" && Number.isFinite(Number(version)) ? Number(version) : version;
    if (current === value) continue;
    changes.push({ action: "version-set", pointer, detail: `version ${show(current)} → ${show(value)}` });
    parent[key] = value;
  }
  return { document: result, changes, problems };
}

/** The plan nodes that apply to one value: the node, its allOf parts, the best alternative, the if's branch. */
function applicable(plan: DowngradePlan, value: unknown, index: number, depth = 0): PlanNode[] {
  const n = plan.nodes[index] as PlanNode;
  const out = [n];
  if (depth > 8) return out;
  for (const a of n.allOf ?? []) out.push(...applicable(plan, value, a, depth + 1));
  for (const list of n.choices ?? []) {
    let best = list[0] as number;
    let bestScore = Number.POSITIVE_INFINITY;
    for (const a of list) {
      const s = mismatch(plan, value, a);
      if (s < bestScore) [best, bestScore] = [a, s];
    }
    out.push(...applicable(plan, value, best, depth + 1));
  }
  if (n.cond !== undefined) {
    const branch = mismatch(plan, value, n.cond.test) === 0 ? n.cond.whenTrue : n.cond.whenFalse;
    if (branch !== undefined) out.push(...applicable(plan, value, branch, depth + 1));
  }
  return out;
}

/**
 * How far a value is from fitting a node, counting what a downgrade cannot fix (wrong type, constant or
 * enum value) as Infinity and what it can (a missing required or an unknown property) as 1 each.
 */
function mismatch(plan: DowngradePlan, value: unknown, index: number, depth = 0): number {
  const n = plan.nodes[index] as PlanNode;
  if (depth > 4) return 0;
  if (!typeFits(value, n)) return Number.POSITIVE_INFINITY;
  if (value === null) return 0;
  if (n.values !== undefined && !n.values.some((x) => canonical(x) === canonical(value)))
    return Number.POSITIVE_INFINITY;
  if (n.pattern !== undefined && typeof value === "string" && !new RegExp(n.pattern, "u").test(value))
    return Number.POSITIVE_INFINITY;
  let score = 0;
  if (isObject(value)) {
    for (const r of n.required ?? []) if (!Object.hasOwn(value, r)) score += 1;
    for (const [k, v] of Object.entries(value)) {
      const child = n.props !== undefined && Object.hasOwn(n.props, k) ? n.props[k] : undefined;
      if (child !== undefined) score += mismatch(plan, v, child, depth + 1);
      else if (n.closed) score += 1;
    }
  }
  for (const list of n.choices ?? [])
    score += Math.min(...list.map((a) => mismatch(plan, value, a, depth + 1)));
  for (const a of n.allOf ?? []) score += mismatch(plan, value, a, depth + 1);
  return score;
}

const jsonType = (v: unknown): string =>
  v === null
    ? "null"
    : Array.isArray(v)
      ? "array"
      : typeof v === "number" && Number.isInteger(v)
        ? "integer"
        : typeof v;

function typeFits(value: unknown, n: PlanNode): boolean {
  if (n.types === undefined) return true;
  const actual = jsonType(value);
  return n.types.includes(actual) || (actual === "integer" && n.types.includes("number"));
}

const allowsNull = (n: PlanNode): boolean =>
  !n.never &&
  (n.types === undefined || n.types.includes("null")) &&
  (n.values === undefined || n.values.includes(null));

/** A JSON value copied (JSON.parse defines "__proto__" as an own property, never as a prototype). */
const copy = (value: unknown): unknown =>
  value !== null && typeof value === "object" ? JSON.parse(JSON.stringify(value)) : value;

const isObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === "object" && !Array.isArray(v);

/** An own data property even for "__proto__", which plain assignment would turn into a prototype. */
function setOwn(obj: Record<string, unknown>, key: string, value: unknown): void {
  Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
}

const escapeToken = (token: string): string => token.replaceAll("~", "~0").replaceAll("/", "~1");
const unescapeToken = (token: string): string => token.replaceAll("~1", "/").replaceAll("~0", "~");

/** "/steps/*\/x" over a document: every concrete pointer it names. */
function expand(doc: unknown, pointer: string): string[] {
  let found: Array<[string, unknown]> = [["", doc]];
  const tokens = pointer.split("/").slice(1).map(unescapeToken);
  tokens.forEach((token, i) => {
    const last = i === tokens.length - 1;
    found = found.flatMap(([at, v]): Array<[string, unknown]> => {
      if (token === "*") return Array.isArray(v) ? v.map((x, j): [string, unknown] => [`${at}/${j}`, x]) : [];
      if (!isObject(v) || (!last && !Object.hasOwn(v, token))) return [];
      return [[`${at}/${escapeToken(token)}`, v[token]]];
    });
  });
  return found.map(([at]) => at);
}

/** JSON text with object keys sorted, so two values compare equal whatever their key order. */
export function canonical(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) setOwn(out, key, sortKeys(value[key]));
  return out;
}

/** A short rendering of a value for messages. */
export function show(value: unknown, max = 60): string {
  if (value === undefined) return "unset";
  const text = JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
