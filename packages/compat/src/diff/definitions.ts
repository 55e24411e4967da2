import { escapeToken } from "@keel/diagnostics";
import type { SchemaFile, SchemaObject, SchemaSet } from "@keel/schema-model";
import { nodeAt } from "../schema-node.js";
import { type DiffContext, emit } from "./context.js";

interface Def {
  keyword: "$defs" | "definitions";
  name: string;
  pointer: string;
}

function defsOf(file: SchemaFile): Map<string, Def> {
  const out = new Map<string, Def>();
  for (const keyword of ["$defs", "definitions"] as const) {
    const defs = file.schema[keyword];
    if (defs === null || typeof defs !== "object") continue;
    for (const name of Object.keys(defs))
      out.set(name, {
        keyword,
        name,
        pointer: `/${keyword}/${escapeToken(name)}`,
      });
  }
  return out;
}

const at = (file: SchemaFile, def: Def) => ({ file, pointer: def.pointer });
const schemaOf = (file: SchemaFile, def: Def): unknown =>
  (file.schema[def.keyword] as SchemaObject)[def.name];

/**
 * Definitions of one file in two versions, by name. Same name: compared. A definition only in the older
 * and one only in the newer whose comparison finds no wire change were renamed; the rest were added or
 * removed (their uses are reported where the schemas reach them).
 */
export function diffDefinitions(
  ctx: DiffContext,
  older: { set: SchemaSet; file: SchemaFile },
  newer: { set: SchemaSet; file: SchemaFile },
  scratch: (fn: (c: DiffContext) => void) => boolean,
): void {
  const a = defsOf(older.file);
  const b = defsOf(newer.file);
  const node = (side: typeof older, d: Def) => nodeAt(side.set, side.file, d.pointer, schemaOf(side.file, d));
  for (const [name, db] of b) {
    const da = a.get(name);
    if (da !== undefined) ctx.compare(node(older, da), node(newer, db));
  }
  const onlyOld = [...a.values()].filter((d) => !b.has(d.name));
  const onlyNew = [...b.values()].filter((d) => !a.has(d.name));
  for (const dn of onlyNew) {
    const renamed = onlyOld.find((da) => scratch((c) => c.compare(node(older, da), node(newer, dn))));
    if (renamed !== undefined) {
      onlyOld.splice(onlyOld.indexOf(renamed), 1);
      emit(
        ctx,
        "definition-renamed",
        at(newer.file, dn),
        `definition "${renamed.name}" renamed to "${dn.name}"`,
        at(older.file, renamed),
      );
    } else emit(ctx, "definition-added", at(newer.file, dn), `definition "${dn.name}" added`);
  }
  for (const da of onlyOld)
    emit(
      ctx,
      "definition-removed",
      { file: newer.file, pointer: da.pointer },
      `definition "${da.name}" removed`,
      at(older.file, da),
    );
}
