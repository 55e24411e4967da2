/**
 * Where the emitter stands in the definitions' reference cycles, to say how a reference to an own
 * definition is written: by name, as a getter (inside an object property), or through `z.lazy`.
 */
export class Recursion {
  /** the definitions the current one may recurse through */
  private cycle = new Set<string>();
  /** definitions already emitted: declared above, so even a cycle's reference to them needs no z.lazy */
  private readonly emitted = new Set<string>();
  /** false while emitting a hoisted subschema: every definition exists by the time it is built */
  private eager = true;
  private propertyDepth = 0;
  private cycleHit = false;
  /** unnamed `$ref` targets being inlined (a cycle through one cannot be emitted) */
  private readonly inlining = new Set<string>();

  /** Starts a definition; `cycle` holds the names it may recurse through. */
  begin(cycle: Set<string>): void {
    this.cycle = cycle;
    this.eager = true;
  }

  done(name: string): void {
    this.emitted.add(name);
  }

  /** How a reference to own definition `name` is written here. */
  reference(name: string): "name" | "lazy" {
    if (!this.eager || !this.cycle.has(name)) return "name";
    if (this.propertyDepth > 0) {
      this.cycleHit = true;
      return "name";
    }
    return this.emitted.has(name) ? "name" : "lazy";
  }

  /** Builds one object property; `getter` when it reaches back into its definition's cycle. */
  property(build: () => string): { code: string; getter: boolean } {
    const saved = this.cycleHit;
    this.cycleHit = false;
    this.propertyDepth++;
    const code = build();
    this.propertyDepth--;
    const getter = this.cycleHit;
    this.cycleHit = saved || getter;
    return { code, getter };
  }

  /** Builds without getters or lazy references: hoisted code runs only after every definition exists. */
  deferred<T>(build: () => T): T {
    const saved = { eager: this.eager, depth: this.propertyDepth };
    this.eager = false;
    this.propertyDepth = 0;
    try {
      return build();
    } finally {
      this.eager = saved.eager;
      this.propertyDepth = saved.depth;
    }
  }

  /** Inlines the unnamed target `key`; a cycle through it is an error naming `from`. */
  inline<T>(key: string, from: string, build: () => T): T {
    if (this.inlining.has(key)) throw new Error(`recursive $ref to unnamed ${key} (from ${from})`);
    this.inlining.add(key);
    try {
      return build();
    } finally {
      this.inlining.delete(key);
    }
  }
}
