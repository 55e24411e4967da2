import type { ProtocolEntry, SchemaFile, SchemaSet } from "@keel/schema-model";
import { ruleSpec } from "../rules/index.js";
import { locationKey, nodeAt, type SchemaNode } from "../schema-node.js";
import type { CompatFinding } from "../types.js";
import { documentRoot, versionFieldLocations } from "../version-field.js";
import { compareNodes } from "./compare.js";
import { type DiffContext, emit } from "./context.js";
import { diffDefinitions } from "./definitions.js";
import { markUnreachable, reachedDefinitions } from "./reach.js";
import { cancelRequiredMoves } from "./required-moves.js";
import { cancelRequiredTables } from "./required-table.js";
import { coverEnumValues } from "./value-coverage.js";

function context(entry: ProtocolEntry, versionLocations: Set<string>, probing?: Set<string>): DiffContext {
  const ctx: DiffContext = {
    policy: entry.versionPolicy,
    findings: new Map(),
    memo: probing ?? new Set(),
    versionLocations,
    compare: (a: SchemaNode, b: SchemaNode) => compareNodes(ctx, a, b),
    probe: (a: SchemaNode, b: SchemaNode) => {
      // probes nested in a probe share its memo, so recursive schemas end there too
      const aside = context(entry, versionLocations, probing ?? new Set());
      aside.compare(a, b);
      return [...aside.findings.values()];
    },
  };
  return ctx;
}

/** Own files of two versions paired by name; a version of one file pairs with the other's only file. */
function pairFiles(older: SchemaSet, newer: SchemaSet) {
  if (older.own.length === 1 && newer.own.length === 1)
    return { pairs: [[older.own[0], newer.own[0]] as [SchemaFile, SchemaFile]], added: [], removed: [] };
  const pairs: Array<[SchemaFile, SchemaFile]> = [];
  for (const b of newer.own) {
    const a = older.own.find((f) => f.name === b.name);
    if (a !== undefined) pairs.push([a, b]);
  }
  return {
    pairs,
    added: newer.own.filter((b) => !older.own.some((a) => a.name === b.name)),
    removed: older.own.filter((a) => !newer.own.some((b) => b.name === a.name)),
  };
}

export interface DiffOptions {
  /**
   * Report a change inside a definition no document root reaches as `unreachable-changed`. On for a
   * schema compared on its own (the root is the whole contract); off for a protocol, whose package
   * validates definitions directly (Mira's per-method results), so every definition is a root.
   */
  onlyReachable?: boolean;
}

/**
 * Every change between two versions of a protocol's schemas, one finding per change, sorted by file and
 * pointer. Reached from each document type's entry point, each file's root and each definition by name.
 */
export function diffSchemaSets(
  older: SchemaSet,
  newer: SchemaSet,
  entry: ProtocolEntry,
  options: DiffOptions = {},
): CompatFinding[] {
  const versions = new Set(
    [...versionFieldLocations(older, entry), ...versionFieldLocations(newer, entry)].map(locationKey),
  );
  const ctx = context(entry, versions);
  const scratch = (fn: (c: DiffContext) => void): boolean => {
    const c = context(entry, versions);
    fn(c);
    return [...c.findings.values()].every((f) => !ruleSpec(f.rule).wire);
  };
  const { pairs, added, removed } = pairFiles(older, newer);
  for (const f of added)
    emit(ctx, "schema-file-added", { file: f, pointer: "" }, `schema file ${f.name} added`);
  for (const f of removed)
    emit(ctx, "schema-file-removed", { file: f, pointer: "" }, `schema file ${f.name} removed`);
  for (const [a, b] of pairs) {
    const here = { file: b, pointer: "" };
    if (a.id !== b.id) emit(ctx, "schema-id-changed", here, `$id changed: was ${a.id}, now ${b.id}`);
    if (a.schema.$schema !== b.schema.$schema)
      emit(ctx, "schema-dialect-changed", here, `$schema changed: was ${a.draft}, now ${b.draft}`);
  }
  for (const type of Object.keys(entry.documentTypes)) {
    const a = documentRoot(older, entry, type);
    const b = documentRoot(newer, entry, type);
    if (a !== undefined && b !== undefined) ctx.compare(a, b);
  }
  for (const [a, b] of pairs) {
    ctx.compare(nodeAt(older, a, "", a.schema), nodeAt(newer, b, "", b.schema));
    diffDefinitions(ctx, { set: older, file: a }, { set: newer, file: b }, scratch);
  }
  const moved = (f: CompatFinding): CompatFinding => {
    const spec = ruleSpec("required-moved");
    return {
      ...f,
      code: "compat/required-moved",
      rule: "required-moved",
      severity: "info",
      message: `property "${/property "([^"]+)"/.exec(f.message)?.[1]}" is required in another place of the same object (moved between the object and its branches)`,
      effects: spec.effects,
      requires: "none",
    };
  };
  const restated = (f: CompatFinding): CompatFinding => ({
    ...moved(f),
    message: `${f.message}: the names the object requires under each combination of the names its conditions ask for are the same in both versions (moved between required and conditionals)`,
  });
  const olderOf = (name: string) => pairs.find(([, b]) => b.name === name)?.[0];
  const newerOf = (name: string) => pairs.find(([, b]) => b.name === name)?.[1];
  // a name moved between the object and one branch first (one finding), then whole tables of conditionals
  const moves = cancelRequiredMoves([...ctx.findings.values()], moved);
  const found = coverEnumValues(cancelRequiredTables(moves, olderOf, newerOf, restated), older, newer);
  const reach = options.onlyReachable
    ? markUnreachable(
        found,
        { set: older, reached: reachedDefinitions(older, entry) },
        { set: newer, reached: reachedDefinitions(newer, entry) },
      )
    : found;
  return reach.sort(
    (x, y) =>
      x.file.localeCompare(y.file) || x.pointer.localeCompare(y.pointer) || x.rule.localeCompare(y.rule),
  );
}
