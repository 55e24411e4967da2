import { escapeToken, isRecord } from "@keel/diagnostics";
import type { DowngradePlan, PlanNode } from "@keel/downgrade";
import { fragmentToPointer, getAtPointer, type ProtocolEntry, type SchemaSet } from "@keel/schema-model";
import { branches, pairBranches } from "../diff/pairing.js";
import { CompatError } from "../errors.js";
import { childNode, locationKey, nodeAt, type SchemaNode } from "../schema-node.js";
import { fileFor } from "../version-field.js";

/** A named place to downgrade from: a document type, or a definition such as "#/$defs/RunResult". */
export interface PlanRoot {
  name: string;
  older: SchemaNode;
  newer: SchemaNode | undefined;
  /** the version field's pointers inside this root */
  versionPointers?: string[];
}

/**
 * Compile what a downgrade from `newer` to `older` needs into plain data: the older schema's shape
 * (types, values, properties, closedness, required, composition) walked in step with the newer schema
 * at the same places, so each node also knows what only the newer version names and its defaults.
 */
export function planDowngrade(
  newer: SchemaSet,
  older: SchemaSet,
  roots: PlanRoot[],
  versionValue: string,
): DowngradePlan {
  const nodes: PlanNode[] = [];
  const seen = new Map<string, number>();

  const add = (o: SchemaNode, n: SchemaNode | undefined): number => {
    const key = `${locationKey(o.chain[0] ?? o.at)}|${n === undefined ? "" : locationKey(n.chain[0] ?? n.at)}`;
    const known = seen.get(key);
    if (known !== undefined) return known;
    const index = nodes.length;
    seen.set(key, index);
    const plan: PlanNode = {};
    nodes.push(plan);
    fill(plan, o, n);
    return index;
  };

  const child = (
    o: SchemaNode,
    n: SchemaNode | undefined,
    keyword: string,
    ...key: Array<string | number>
  ) => {
    const oc = childNode(o, keyword, ...key);
    return oc === undefined
      ? undefined
      : add(oc, n === undefined ? undefined : childNode(n, keyword, ...key));
  };

  /**
   * The allOf/anyOf/oneOf branches of `o`, each with its newer counterpart paired as the diff pairs them
   * (by what a branch is, not where it sits: a minor may insert one), or none.
   */
  const branchList = (o: SchemaNode, n: SchemaNode | undefined, keyword: string): number[] => {
    const older = branches(o, keyword);
    const counterpart = new Map(
      n === undefined
        ? []
        : pairBranches(older, branches(n, keyword)).pairs.map(([x, y]) => [x.index, y.node]),
    );
    return older.map((b) => add(b.node, counterpart.get(b.index)));
  };

  const fill = (plan: PlanNode, o: SchemaNode, n: SchemaNode | undefined) => {
    const s = o.schema;
    if (s.type !== undefined)
      plan.types = [
        ...(Array.isArray(s.type) ? s.type.map(String) : [String(s.type)]),
        ...(o.nullable ? ["null"] : []),
      ];
    if (Object.hasOwn(s, "const")) plan.values = [s.const];
    else if (Array.isArray(s.enum)) plan.values = [...s.enum];
    if (o.nullable && plan.values !== undefined && !plan.values.includes(null)) plan.values.push(null);
    // a `false` schema (read as {not: {}}): the older version admits nothing here
    if (isRecord(s.not) && Object.keys(s.not).length === 0) plan.never = true;
    if (typeof s.pattern === "string") plan.pattern = s.pattern;
    const props = keysOf(s.properties);
    if (props.length > 0)
      plan.props = Object.fromEntries(props.map((k) => [k, child(o, n, "properties", k) as number]));
    const patterns = keysOf(s.patternProperties);
    if (patterns.length > 0)
      plan.patternProps = patterns.map((p) => [p, child(o, n, "patternProperties", p) as number]);
    if (isRecord(s.additionalProperties)) plan.additional = child(o, n, "additionalProperties");
    if (s.additionalProperties === false || s.unevaluatedProperties === false) plan.closed = true;
    if (Array.isArray(s.required) && s.required.length > 0) plan.required = s.required.map(String);
    const onlyNewer = keysOf(n?.schema.properties).filter((k) => !props.includes(k));
    if (onlyNewer.length > 0) plan.newer = onlyNewer;
    const defaults = defaultsOf(o, n, props);
    if (Object.keys(defaults).length > 0) plan.defaults = defaults;
    const tuple = Array.isArray(s.items) ? "items" : Array.isArray(s.prefixItems) ? "prefixItems" : undefined;
    if (tuple !== undefined)
      plan.prefix = (s[tuple] as unknown[]).map((_, i) => child(o, n, tuple, i) as number);
    const rest = tuple === "items" ? "additionalItems" : "items";
    if (isRecord(s[rest])) plan.items = child(o, n, rest);
    if (tuple !== undefined && s[rest] === false) plan.closedItems = true;
    if (Array.isArray(s.allOf)) plan.allOf = branchList(o, n, "allOf");
    const choices = (["anyOf", "oneOf"] as const)
      .filter((kw) => Array.isArray(s[kw]) && (s[kw] as unknown[]).length > 0)
      .map((kw) => branchList(o, n, kw));
    if (choices.length > 0) plan.choices = choices;
    if (isRecord(s.if)) {
      const cond: NonNullable<PlanNode["cond"]> = { test: child(o, n, "if") as number };
      const whenTrue = child(o, n, "then");
      const whenFalse = child(o, n, "else");
      if (whenTrue !== undefined) cond.whenTrue = whenTrue;
      if (whenFalse !== undefined) cond.whenFalse = whenFalse;
      plan.cond = cond;
    }
  };

  const rootIndex: Record<string, number> = {};
  const versionPointers: Record<string, string[]> = {};
  for (const r of roots) {
    rootIndex[r.name] = add(r.older, r.newer);
    if (r.versionPointers !== undefined && r.versionPointers.length > 0)
      versionPointers[r.name] = r.versionPointers;
  }
  return { to: older.version, from: newer.version, nodes, roots: rootIndex, versionPointers, versionValue };
}

/** Every property's default: the newer version's where it has one (what a newer reader assumes), else the older's. */
function defaultsOf(o: SchemaNode, n: SchemaNode | undefined, props: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const k of props) {
    const nk =
      n !== undefined && keysOf(n.schema.properties).includes(k) ? childNode(n, "properties", k) : undefined;
    const ok = childNode(o, "properties", k);
    const source = [nk, ok].find((x) => x !== undefined && Object.hasOwn(x.schema, "default"));
    if (source !== undefined) out[k] = source.schema.default;
  }
  return out;
}

/** The roots a protocol downgrades: its document types (with their version pointers) and its definitions. */
export function protocolRoots(newer: SchemaSet, older: SchemaSet, entry: ProtocolEntry): PlanRoot[] {
  const field = entry.versionField;
  const roots: PlanRoot[] = [];
  for (const [name, type] of Object.entries(entry.documentTypes)) {
    const older_ = nodeIn(older, type.schema, fragmentToPointer(type.pointer));
    if (older_ === undefined)
      throw new CompatError(
        "compat/no-schema",
        `expected ${older.protocol} ${older.version} to have ${type.schema}${type.pointer}`,
      );
    const versionPointers =
      field === null || !field.documentTypes.includes(name)
        ? []
        : [field.pointer, ...(field.nestedPointers ?? [])];
    roots.push({
      name,
      older: older_,
      newer: nodeIn(newer, type.schema, fragmentToPointer(type.pointer)),
      versionPointers,
    });
  }
  const several = older.own.length > 1;
  for (const file of older.own)
    for (const keyword of ["$defs", "definitions"])
      for (const def of keysOf(file.schema[keyword])) {
        const pointer = `/${keyword}/${escapeToken(def)}`;
        roots.push({
          name: `${several ? file.name : ""}#${pointer}`,
          older: nodeAt(older, file, pointer, getAtPointer(file.schema, pointer)),
          newer: nodeIn(newer, file.name, pointer),
        });
      }
  return roots;
}

function nodeIn(set: SchemaSet, fileName: string, pointer: string): SchemaNode | undefined {
  const file = fileFor(set, fileName);
  const schema = file === undefined ? undefined : getAtPointer(file.schema, pointer);
  return file === undefined || schema === undefined ? undefined : nodeAt(set, file, pointer, schema);
}

const keysOf = (v: unknown): string[] => (isRecord(v) ? Object.keys(v) : []);
