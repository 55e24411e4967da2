import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { loadSchemaSet, type Registry } from "@keel/schema-model";
import { generateFixtures } from "./fixtures/index.js";
import type { GeneratedFile } from "./generated-file.js";
import { generatedDir, generateProtocolPackage } from "./protocol-package.js";

/** Everything `keel gen` owns for the given protocols, in a stable order. */
export async function planGeneration(
  root: string,
  registry: Registry,
  protocols: readonly string[],
): Promise<GeneratedFile[]> {
  const perProtocol = await Promise.all(
    protocols.map(async (p) => {
      const set = loadSchemaSet(root, registry, p);
      return [
        ...(await generateProtocolPackage(root, registry, p, set)),
        ...generateFixtures(root, registry, p, { set }),
      ];
    }),
  );
  return perProtocol.flat();
}

/** The folders whose every file `keel gen` owns: a file there that the plan lacks is stale. */
export function ownedDirs(protocol: string): string[] {
  return [generatedDir(protocol), join("conformance", protocol, "fixtures")];
}

export interface Drift {
  added: string[];
  changed: string[];
  removed: string[];
}

export function diffGenerated(
  root: string,
  protocols: readonly string[],
  plan: readonly GeneratedFile[],
): Drift {
  const drift: Drift = { added: [], changed: [], removed: [] };
  const planned = new Set(plan.map((f) => f.path));
  for (const file of plan) {
    const path = join(root, file.path);
    if (!existsSync(path)) drift.added.push(file.path);
    else if (readFileSync(path, "utf8") !== file.content) drift.changed.push(file.path);
  }
  for (const dir of protocols.flatMap(ownedDirs)) {
    for (const path of filesUnder(join(root, dir))) {
      const rel = relative(root, path);
      if (!planned.has(rel)) drift.removed.push(rel);
    }
  }
  return drift;
}

export function applyGenerated(root: string, plan: readonly GeneratedFile[], drift: Drift): void {
  const touched = new Set([...drift.added, ...drift.changed]);
  for (const file of plan) {
    if (!touched.has(file.path)) continue;
    mkdirSync(dirname(join(root, file.path)), { recursive: true });
    writeFileSync(join(root, file.path), file.content);
  }
  for (const path of drift.removed) rmSync(join(root, path));
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}
