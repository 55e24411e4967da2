import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** Files `keel new` edits in place (the registry, @keel/validate's dependencies); restored byte for byte. */
const EDITED = ["schemas/registry.json", "packages/validate/package.json"];

/**
 * What `keel new <p>` may create or edit, captured before it starts, so that a failure anywhere (the
 * scaffold, the first release, `keel gen`) leaves the checkout as it was and the same command can simply
 * be run again: the protocol's new folders are removed (its package with any `dist/` or `node_modules/`),
 * the edited files restored, the first release's changeset removed.
 */
export class NewProtocolRollback {
  private readonly saved = new Map<string, string | undefined>();
  private readonly created: string[];
  private readonly changesets: Set<string>;

  constructor(
    private readonly root: string,
    private readonly protocol: string,
  ) {
    for (const path of EDITED) {
      const file = join(root, path);
      this.saved.set(path, existsSync(file) ? readFileSync(file, "utf8") : undefined);
    }
    // only folders that do not exist yet are ours to remove (scaffoldProtocol refuses existing ones anyway)
    this.created = [
      join("schemas", protocol),
      join("packages", `protocol-${protocol}`),
      join("conformance", protocol),
    ].filter((path) => !existsSync(join(root, path)));
    this.changesets = new Set(this.protocolChangesets());
  }

  /** Put everything back; returns the repository-relative paths removed or restored. */
  undo(): string[] {
    const undone: string[] = [];
    for (const path of this.created) {
      if (!existsSync(join(this.root, path))) continue;
      rmSync(join(this.root, path), { recursive: true, force: true });
      undone.push(`${path}/`);
    }
    for (const name of this.protocolChangesets()) {
      if (this.changesets.has(name)) continue;
      rmSync(join(this.root, ".changeset", name));
      undone.push(join(".changeset", name));
    }
    for (const [path, text] of this.saved) {
      const file = join(this.root, path);
      const now = existsSync(file) ? readFileSync(file, "utf8") : undefined;
      if (now === text) continue;
      if (text === undefined) rmSync(file);
      else writeFileSync(file, text);
      undone.push(path);
    }
    return undone;
  }

  /** `.changeset/<p>-<version>.md`: what a first release writes. */
  private protocolChangesets(): string[] {
    const dir = join(this.root, ".changeset");
    if (!existsSync(dir)) return [];
    return readdirSync(dir).filter((f) => f.startsWith(`${this.protocol}-`) && f.endsWith(".md"));
  }
}
