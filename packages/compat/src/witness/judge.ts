import { getAtPointer, type SchemaFile, type SchemaObject, type SchemaSet } from "@keel/schema-model";
import { canonical } from "../canonical.js";
import type { CompatFinding, Party } from "../types.js";
import { related, within } from "./pointers.js";
import { type Checker, checkerAt, pointerFor } from "./probe.js";
import type { Reader } from "./readers.js";
import type { Site } from "./sites.js";

/* How a document is judged at a finding's place: the three readers there, and whether it shows the break. */

function carries(doc: unknown, value: string): boolean {
  if (canonical(doc) === value) return true;
  if (doc === null || typeof doc !== "object") return false;
  return Object.values(doc).some((v) => carries(v, value));
}

export interface Checkers {
  old: Checker;
  lenient: Checker;
  new: Checker;
}

/**
 * The three readers at a site, each judging at the object a branch belongs to: a document one anyOf
 * branch refuses and a sibling accepts is refused by nobody.
 */
export function checkers(
  readers: { old: Reader; lenient: Reader; new: Reader },
  file: string,
  site: Pick<Site, "older" | "newer">,
): Checkers | undefined {
  const old = checkerAt(readers.old, file, site.older);
  const lenient = checkerAt(readers.lenient, file, site.older);
  const nw = checkerAt(readers.new, file, site.newer);
  return old === undefined || lenient === undefined || nw === undefined
    ? undefined
    : { old, lenient, new: nw };
}

/** The claimed reader `doc` shows breaking (refused at the finding's place, valid under the other version), if any. */
export function shows(
  c: Checkers,
  f: CompatFinding,
  claims: Party[],
  doc: unknown,
  into: Into = {},
): Party | undefined {
  // a finding about one value is shown only by a document carrying that value
  if (Object.hasOwn(f, "value") && !carries(doc, canonical(f.value))) return undefined;
  const at = (p: Party, r: Checker) => refusedAt(f, p, r, into) !== -1;
  for (const p of claims) {
    if (p === "newReader") {
      if (c.old(doc) && !c.new(doc) && at(p, c.new)) return p;
    } else {
      const refuse = p === "oldStrictReader" ? c.old : c.lenient;
      if (c.new(doc) && !refuse(doc) && at(p, refuse)) return p;
    }
  }
  return undefined;
}

/** Where a finding's subschema leads into another file through `$ref`, per reader (errors there are its). */
export type Into = Partial<Record<Party, { id: string; pointer: string }>>;

/** The index of the reader's last error the finding explains, -1 when none does. */
export function refusedAt(f: CompatFinding, p: Party, r: Checker, into: Into): number {
  const other = into[p];
  return r.errors.findIndex(
    (e, i) =>
      related(pointerFor(f, p), e) ||
      (other !== undefined && r.files[i] === other.id && within(other.pointer, e)),
  );
}

/** The file and pointer a `$ref` chain at `pointer` ends in, when that is another file. */
export function refTarget(
  set: SchemaSet,
  file: SchemaFile,
  pointer: string,
): { id: string; pointer: string } | undefined {
  let s = getAtPointer(file.schema, pointer) as SchemaObject | undefined;
  let from = file;
  let at = pointer;
  for (let i = 0; i < 4 && s !== null && typeof s === "object" && typeof s.$ref === "string"; i++) {
    try {
      const r = set.resolve(s.$ref, from);
      s = r.schema as SchemaObject;
      from = r.file;
      at = r.pointer;
    } catch {
      return undefined;
    }
  }
  return from === file ? undefined : { id: from.id, pointer: at };
}
