import { existsSync, readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { ExitCode, KeelError } from "@keel/diagnostics";
import { type Registry, validateExamples } from "@keel/schema-model";
import type { GeneratedFile } from "./generated-file.js";

/**
 * A protocol whose fixture count falls by more than half is refused (exit 1, nothing written): fixtures
 * are grown from the examples the schema accepts, so a collapse almost always means the schema now
 * rejects its own examples (a version pattern a bump left behind), not a deliberate change.
 * `--allow-shrink` writes anyway.
 */
export function checkFixtureShrink(
  root: string,
  registry: Registry,
  protocols: readonly string[],
  plan: readonly GeneratedFile[],
): void {
  for (const protocol of protocols) {
    const dir = join("conformance", protocol, "fixtures");
    const before = countByType(filesUnder(root, dir).map((p) => relative(join(root, dir), p)));
    const after = countByType(
      plan.filter((f) => f.path.startsWith(dir + sep)).map((f) => f.path.slice(dir.length + 1)),
    );
    const total = (m: Map<string, number>) => [...m.values()].reduce((a, b) => a + b, 0);
    if (total(after) * 2 >= total(before)) continue;
    const fell = [...before]
      .filter(([type, n]) => (after.get(type) ?? 0) * 2 < n)
      .map(([type, n]) => `${type} ${n} → ${after.get(type) ?? 0}`);
    throw new KeelError(
      "gen/fixtures-shrank",
      `expected ${protocol}'s conformance fixtures to stay above half of the ${total(before)} on disk, found ${total(after)} (${fell.join(", ")}); ${why(root, registry, protocol)}; nothing written (--allow-shrink writes anyway)`,
      { exitCode: ExitCode.Failed },
    );
  }
}

/** Fixtures grow from the examples the schema accepts: name the first example it now rejects. */
function why(root: string, registry: Registry, protocol: string): string {
  const rejected = validateExamples(root, registry, protocol).find((r) => r.findings.length > 0);
  const first = rejected?.findings[0];
  if (rejected === undefined || first === undefined)
    return "fixtures grow from the protocol's examples, and every one still validates";
  return `the schema rejects its own example ${rejected.file}${first.line === undefined ? "" : `:${first.line}`}: ${first.message} (fixtures grow from the examples it accepts)`;
}

/** Fixture files by document type (their first folder); the manifest is not a fixture. */
function countByType(paths: readonly string[]): Map<string, number> {
  const out = new Map<string, number>();
  for (const p of paths) {
    const [type, ...rest] = p.split(sep);
    if (type === undefined || rest.length === 0) continue;
    out.set(type, (out.get(type) ?? 0) + 1);
  }
  return out;
}

function filesUnder(root: string, dir: string): string[] {
  if (!existsSync(join(root, dir))) return [];
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}
