import { isRecord } from "@keel/diagnostics";
import { fragmentToPointer, getAtPointer, joinPointer, splitPointer } from "@keel/schema-model";
import type { Origin } from "../schema-node.js";

const BRANCH = new Set(["allOf", "anyOf", "oneOf"]);

/** The schema at `pointer`, through local `$ref`s. */
function resolved(root: unknown, pointer: string): unknown {
  let s = getAtPointer(root, pointer);
  for (let i = 0; i < 8 && isRecord(s) && typeof s.$ref === "string" && s.$ref.startsWith("#"); i++)
    s = getAtPointer(root, fragmentToPointer(s.$ref));
  return s;
}

/** Whether a branch's last steps end at index `i` of `t`: `then`/`else`, or `allOf`/`anyOf`/`oneOf` + index. */
const branchAt = (t: string[], i: number): number =>
  t[i] === "then" || t[i] === "else" ? 1 : BRANCH.has(t[i] as string) && /^\d+$/.test(t[i + 1] ?? "") ? 2 : 0;

/**
 * The types the object a branch constrains already demands where the branch's `type` is written: a branch
 * (`else: {properties: {updates: {type: "array"}}}`) restating what the object's own `properties.updates`
 * says always. Found by walking the same members and items from the object, through local `$ref`s;
 * undefined when the branch is not reached that way or the object says nothing there.
 */
export function hostTypes(at: Origin): Set<string> | undefined {
  const t = splitPointer(at.pointer);
  if (t.at(-1) !== "type") return undefined;
  let cut = -1;
  let len = 0;
  for (let i = 0; i < t.length - 1; i++) {
    const n = branchAt(t, i);
    if (n > 0) {
      cut = i;
      len = n;
    }
  }
  if (cut === -1) return undefined;
  // the object: before the branch and any branches it sits in
  let host = t.slice(0, cut);
  for (let again = true; again; ) {
    again = false;
    for (const n of [1, 2])
      if (host.length >= n && branchAt(host, host.length - n) === n) {
        host = host.slice(0, -n);
        again = true;
        break;
      }
  }
  const path = t.slice(cut + len, -1);
  let s = resolved(at.file.schema, joinPointer("", ...host));
  for (let i = 0; i < path.length; i++) {
    if (!isRecord(s)) return undefined;
    if (path[i] === "properties" && isRecord(s.properties) && i + 1 < path.length) {
      s = s.properties[path[++i] as string];
    } else if (path[i] === "items" && isRecord(s.items)) s = s.items;
    else return undefined;
    if (isRecord(s) && typeof s.$ref === "string" && s.$ref.startsWith("#"))
      s = resolved(at.file.schema, fragmentToPointer(s.$ref));
  }
  if (!isRecord(s) || s.type === undefined) return undefined;
  const list = (Array.isArray(s.type) ? s.type : [s.type]).map(String);
  return new Set(list.length > 1 ? list.filter((x) => x !== "null") : list);
}
