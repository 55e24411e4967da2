import { compareVersions, parseVersion, protocolDowngradePlan } from "@keel/compat";
import type { DowngradePlan } from "@keel/downgrade";
import { loadSchemaSet, type Registry, type SchemaSet } from "@keel/schema-model";

/** The released versions a document of the working version downgrades to: older minors of the same major. */
export function downgradeTargets(registry: Registry, protocol: string): string[] {
  const entry = registry.protocols[protocol];
  if (entry === undefined) return [];
  const [major] = parseVersion(entry.version);
  return entry.released
    .map((r) => r.version)
    .filter((v) => parseVersion(v)[0] === major && compareVersions(v, entry.version) < 0);
}

/**
 * A protocol package's downgrade module: one plan per older released minor (plain data, compiled by
 * compat) and `downgradeTo(version, root, doc)`, which applies it with the runtime of @keel/downgrade.
 * Undefined when there is nothing older to downgrade to.
 */
export function generateDowngradeModule(
  root: string,
  registry: Registry,
  set: SchemaSet,
): { body: string; sources: SchemaSet[] } | undefined {
  const entry = registry.protocols[set.protocol];
  const targets = downgradeTargets(registry, set.protocol);
  if (entry === undefined || targets.length === 0) return undefined;
  const olders = targets.map((v) => loadSchemaSet(root, registry, set.protocol, v));
  const plans: Record<string, DowngradePlan> = Object.fromEntries(
    olders.map((o) => [o.version, protocolDowngradePlan(set, o, entry)]),
  );
  const roots = [...new Set(Object.values(plans).flatMap((p) => Object.keys(p.roots)))];
  const body = [
    'import { type ApplyOptions, applyDowngrade, type DowngradePlan, type DowngradeResult } from "@keel/downgrade";',
    "",
    "/** One plan per older released minor of the same major, keyed by the version it produces. */",
    `export const downgradePlans: Readonly<Record<${targets.map((v) => JSON.stringify(v)).join(" | ")}, DowngradePlan>> = ${JSON.stringify(plans)};`,
    "",
    "export type DowngradeTarget = keyof typeof downgradePlans;",
    "",
    "/** What can be downgraded: a document type, or a definition by its pointer (e.g. a method's result). */",
    `export type DowngradeRoot = ${roots.map((r) => JSON.stringify(r)).join(" | ")};`,
    "",
    "/** Rewrite a document of this version so the older released `version` accepts it. */",
    "export function downgradeTo(version: DowngradeTarget, root: DowngradeRoot, document: unknown, options?: ApplyOptions): DowngradeResult {",
    "  return applyDowngrade(downgradePlans[version], root, document, options);",
    "}",
    "",
  ].join("\n");
  return { body, sources: olders };
}
