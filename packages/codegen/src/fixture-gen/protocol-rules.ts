import { existsSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import type { Finding } from "@keel/diagnostics";
import { packageDir } from "../paths.js";

/** Whether a schema-valid document of `type` also passes the protocol's own rules (no error finding). */
export type RulesHold = (type: string, document: unknown) => boolean;

/** The shape of a protocol package's `./checks` entry that fixtures are held to. */
interface ChecksEntry {
  semanticRules?: Record<string, ((document: unknown) => Finding[]) | undefined>;
}

/**
 * The protocol's semantic rules, read from its package's build (`dist/checks.js`), so a valid fixture is
 * valid by the protocol's words and not only by its schema (a unified diff whose hunk counts add up).
 * The rules are hand-written code of the package keel gen writes into; read back at run time, they
 * add no build arrow. Undefined when the package is not built yet (a protocol `keel new` is creating).
 */
export async function loadProtocolRules(root: string, protocol: string): Promise<RulesHold | undefined> {
  const file = join(root, packageDir(protocol), "dist", "checks.js");
  if (!existsSync(file)) return undefined;
  const entry = (await import(pathToFileURL(file).href)) as ChecksEntry;
  const rules = entry.semanticRules;
  if (rules === undefined) return undefined;
  return (type, document) => !(rules[type]?.(document) ?? []).some((f) => f.severity === "error");
}
