import { ExitCode } from "@keel/diagnostics";
import { findRoot, loadRegistry, protocolEntry } from "@keel/schema-model";
import { applyGenerated, diffGenerated, planGeneration } from "./gen.js";
import { GenCache, REGISTRY_KEY } from "./gen-cache.js";
import { formatTimings, type GenTimings } from "./gen-timings.js";
import { registryValidatorFile } from "./registry-validator.js";
import { checkFixtureShrink } from "./shrink-guard.js";

export interface GenOptions {
  check?: boolean;
  /** write even when a protocol's fixture count falls by more than half */
  allowShrink?: boolean;
  /** skip a protocol whose inputs and outputs match its stamp from the last run (default true; gen-cache.ts) */
  cache?: boolean;
  /** print each generating thread's loading time and each protocol's stage times (gen-timings.ts) */
  timings?: boolean;
}

/**
 * `keel gen [--check] [protocol…]`: regenerate, or with --check list what would change (exit 1 on
 * drift). Shared by the CLI and codegen's own bin, which regenerates even when the generated code the
 * CLI is built from is broken.
 */
export async function runGen(
  cwd: string,
  protocols: readonly string[],
  options: GenOptions,
  out: (text: string) => void,
): Promise<number> {
  const root = findRoot(cwd);
  const registry = loadRegistry(root);
  for (const name of protocols) protocolEntry(registry, name);
  const chosen = protocols.length > 0 ? protocols : Object.keys(registry.protocols);
  const started = performance.now();
  const cache = options.cache === false ? undefined : new GenCache(root, registry);
  // an unchanged protocol costs its stamp (hashing its inputs and outputs), not a generation
  const stale = cache === undefined ? chosen : chosen.filter((p) => !cache.fresh(p, cache.stamp(p)));
  const timings: GenTimings | undefined = options.timings ? { loading: [], protocols: new Map() } : undefined;
  // the registry's validator (≈ 0.1 s: an ajv compile) is stamped like a protocol
  const registryStale = cache === undefined || !cache.fresh(REGISTRY_KEY, cache.registryStamp());
  const plan = await planGeneration(root, registry, stale, timings);
  if (registryStale) plan.push(registryValidatorFile(root));
  if (!options.allowShrink) checkFixtureShrink(root, registry, stale, plan);
  const drift = diffGenerated(root, stale, plan);
  const lines = [
    ...drift.added.map((p) => `  new      ${p}`),
    ...drift.changed.map((p) => `  changed  ${p}`),
    ...drift.removed.map((p) => `  stale    ${p}`),
  ];
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const list =
    (lines.length > 0 ? `${lines.join("\n")}\n` : "") + (timings === undefined ? "" : formatTimings(timings));
  const skipped = chosen.length - stale.length;
  const kept = [
    ...(skipped > 0 ? [`${skipped} of ${chosen.length} protocols`] : []),
    ...(registryStale ? [] : ["the registry's validator"]),
  ];
  const unchanged = kept.length > 0 ? `, ${kept.join(" and ")} unchanged since the last run` : "";
  if (options.check) {
    if (lines.length === 0) {
      for (const p of stale) cache?.record(p);
      if (registryStale) cache?.record(REGISTRY_KEY);
      out(
        `keel gen --check: ${plan.length > 0 ? `${plan.length} generated files are` : "everything is"} up to date (${seconds} s${unchanged})\n${list}`,
      );
      return ExitCode.Ok;
    }
    out(`keel gen --check: ${lines.length} generated files would change; run \`pnpm keel gen\`\n${list}`);
    return ExitCode.Failed;
  }
  applyGenerated(root, plan, drift);
  for (const p of stale) cache?.record(p);
  if (registryStale) cache?.record(REGISTRY_KEY);
  out(
    `keel gen: ${plan.length > 0 ? `${plan.length} files, ${lines.length} written or removed` : "nothing to generate"} (${seconds} s${unchanged})\n${list}`,
  );
  return ExitCode.Ok;
}
