import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { loadSchemaSet, type Registry, registrySchemaFile } from "@keel/schema-model";
import { ownedDirs } from "./gen.js";
import { packageDir } from "./paths.js";
import { REGISTRY_VALIDATOR } from "./registry-validator.js";

/** Where the stamps live: the checkout's own cache, never committed (a fresh clone generates cold). */
const CACHE = join("node_modules", ".cache", "keel-gen");
/** The stamp key of the registry's validator (no protocol name starts with a dot). */
export const REGISTRY_KEY = ".registry";
/**
 * The generator and what it runs: a change to any of them invalidates every stamp. The lockfile stands for
 * the libraries the generator calls (ajv, quicktype, zod, Biome…): a new version of one may print other code.
 */
const GENERATOR = [
  ...["codegen", "schema-model", "compat", "downgrade", "diagnostics"].map((p) =>
    join("packages", p, "dist"),
  ),
  "pnpm-lock.yaml",
];

/**
 * A protocol's stamp: the sha256 of everything its generation reads (its schema folders and those of the
 * protocols it references, its registry entry, the generator's build, the rules its fixtures are held
 * to) and of everything it writes (its generated package files and fixtures, as they are now). When both
 * match the stamp of the last generation or check that left it up to date, generating again would give
 * the same files: `keel gen` skips it. A hand edit of a generated file changes the output hash, so it is
 * still reported.
 */
export class GenCache {
  private readonly generator: string;

  constructor(
    private readonly root: string,
    private readonly registry: Registry,
  ) {
    this.generator = hashTrees(root, GENERATOR);
  }

  /** The stamp of `protocol` as the checkout is now. */
  stamp(protocol: string): string {
    const set = loadSchemaSet(this.root, this.registry, protocol);
    const protocols = [...new Set([protocol, ...set.all.map((f) => f.protocol)])].sort();
    const h = createHash("sha256");
    h.update(this.generator);
    h.update(JSON.stringify(protocols.map((p) => this.registry.protocols[p] ?? null)));
    h.update(
      hashTrees(
        this.root,
        protocols.map((p) => join("schemas", p)),
      ),
    );
    const rules = protocols.flatMap((p) => [
      join(packageDir(p), "dist", "rules"),
      join(packageDir(p), "dist", "checks.js"),
    ]);
    h.update(hashTrees(this.root, rules));
    h.update(hashTrees(this.root, ownedDirs(protocol)));
    return h.digest("hex");
  }

  /** The stamp of the registry's validator: the generator, the registry schema and the validator as they are now. */
  registryStamp(): string {
    const schema = relative(this.root, registrySchemaFile(this.root));
    return createHash("sha256")
      .update(this.generator)
      .update(hashTrees(this.root, [schema, REGISTRY_VALIDATOR]))
      .digest("hex");
  }

  /** Whether `key` (a protocol, or REGISTRY_KEY) was left up to date with exactly this stamp. */
  fresh(key: string, stamp: string): boolean {
    const file = join(this.root, CACHE, `${key}.sha256`);
    return existsSync(file) && readFileSync(file, "utf8") === stamp;
  }

  /** Record that `key` (a protocol, or REGISTRY_KEY) is up to date as the checkout is now. */
  record(key: string): void {
    const file = join(this.root, CACHE, `${key}.sha256`);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, key === REGISTRY_KEY ? this.registryStamp() : this.stamp(key));
  }
}

/** sha256 over the files under `paths` (a file or a folder; missing ones count as absent), by relative path. */
function hashTrees(root: string, paths: readonly string[]): string {
  const h = createHash("sha256");
  for (const path of paths) {
    const full = join(root, path);
    if (!existsSync(full)) {
      h.update(`absent ${path}\n`);
      continue;
    }
    const files = statSync(full).isDirectory()
      ? readdirSync(full, { withFileTypes: true, recursive: true })
          .filter((e) => e.isFile())
          .map((e) => join(e.parentPath, e.name))
          .sort()
      : [full];
    for (const file of files) {
      h.update(`${file.slice(root.length)}\n`);
      h.update(readFileSync(file));
    }
  }
  return h.digest("hex");
}
