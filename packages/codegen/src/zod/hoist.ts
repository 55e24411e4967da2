/** A module-level constant: a zod schema applied in place, or a test function (`zod: false`). */
export interface Hoisted {
  name: string;
  code: string;
  zod: boolean;
}

/**
 * The module's hoisted subschemas: built once, after every definition, and used only inside checks, so
 * they may reference anything. The same code is hoisted once; names count up per definition
 * (`FooCheck1`, `FooCheck2`…) so one definition's change does not rename another's.
 */
export class Hoister {
  readonly hoisted: Hoisted[] = [];
  /** the definition being emitted */
  owner = "";
  private readonly byCode = new Map<string, string>();
  private readonly counts = new Map<string, number>();

  /** The constant's name for `code` (a definition's own name as is). */
  add(code: string, zod: boolean): string {
    if (/^[A-Za-z0-9_$]+Schema$/.test(code)) return code;
    const existing = this.byCode.get(code);
    if (existing !== undefined) return existing;
    const count = (this.counts.get(this.owner) ?? 0) + 1;
    this.counts.set(this.owner, count);
    const name = `${this.owner}Check${count}`;
    this.hoisted.push({ name, code, zod });
    this.byCode.set(code, name);
    return name;
  }
}
