import { existsSync, readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { protocolEntry } from "./registry.js";
import type { Registry } from "./registry-types.js";
import { protocolDir } from "./root.js";

export interface ExampleFile {
  protocol: string;
  /** the folder name under examples/, meant to be a registry document type */
  documentType: string;
  path: string;
  /** path relative to the repository root, for messages */
  display: string;
}

/** Every file under schemas/<protocol>/examples/<documentType>/ (recursively), sorted. */
export function listExamples(root: string, registry: Registry, protocol: string): ExampleFile[] {
  protocolEntry(registry, protocol);
  const base = join(protocolDir(root, protocol), "examples");
  if (!existsSync(base)) return [];
  const out: ExampleFile[] = [];
  for (const documentType of readdirSync(base).sort()) {
    const dir = join(base, documentType);
    if (!statSync(dir).isDirectory()) {
      out.push({ protocol, documentType: "", path: dir, display: relative(root, dir) });
      continue;
    }
    for (const path of filesUnder(dir))
      out.push({ protocol, documentType, path, display: relative(root, path) });
  }
  return out;
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name)) : [join(dir, e.name)]));
}
