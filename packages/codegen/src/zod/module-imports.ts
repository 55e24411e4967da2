import { type NamedDefinition, pascal } from "../names.js";

/** Where the module imports another protocol's schemas from (`@keel/<protocol>` by default). */
export type PackageOf = (protocol: string) => string;

/** What one generated module imports besides zod: runtime helpers, other protocols' schemas, its package's types. */
export class ModuleImports {
  /** the `@keel/zod-runtime` helpers the module calls */
  readonly helpers = new Set<string>();
  /** module specifier → exported name → local name */
  readonly foreign = new Map<string, Map<string, string>>();
  /** the package's TypeScript types a recursive `z.lazy` is annotated with */
  readonly types = new Set<string>();

  constructor(
    private readonly ownNames: ReadonlySet<string>,
    private readonly packageOf: PackageOf,
  ) {}

  /** The local name of another protocol's `XxxSchema`, prefixed with its protocol when an own definition has its name. */
  schemaOf(def: NamedDefinition): string {
    const exported = `${def.name}Schema`;
    const local = this.ownNames.has(def.name) ? `${pascal(def.protocol)}${exported}` : exported;
    const module = this.packageOf(def.protocol);
    const names = this.foreign.get(module) ?? new Map<string, string>();
    names.set(exported, local);
    this.foreign.set(module, names);
    return local;
  }
}
