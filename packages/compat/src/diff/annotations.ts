import { canonical, show } from "../canonical.js";
import { pointerOf, type SchemaNode } from "../schema-node.js";
import { type DiffContext, emit, isVersionField } from "./context.js";
import { textDiff } from "./text.js";

const TEXT: Record<string, string> = {
  description: "description-changed",
  title: "title-changed",
  $comment: "comment-changed",
  examples: "examples-changed",
  deprecated: "deprecated-changed",
  readOnly: "deprecated-changed",
  writeOnly: "deprecated-changed",
};

/** Editor and vendor annotations (VS Code's JSON language service, SchemaStore, tooling): never on the wire. */
const EDITOR = new Set([
  "markdownDescription",
  "markdownEnumDescriptions",
  "enumDescriptions",
  "deprecationMessage",
  "errorMessage",
  "patternErrorMessage",
  "defaultSnippets",
  "doNotSuggest",
  "suggestSortText",
  "allowComments",
  "allowTrailingCommas",
  "$vocabulary",
]);

/** Keywords that only annotate: compared here, ignored by the structural comparison. */
export const ANNOTATIONS = new Set([...Object.keys(TEXT), "default"]);

/** An annotation no reader validates: the keywords above, editor extensions and any `x-*` keyword. */
export const isAnnotation = (kw: string): boolean =>
  ANNOTATIONS.has(kw) || EDITOR.has(kw) || kw.startsWith("x-");

/** Compare annotations at every referring site too, so a changed description on a `$ref` is reported. */
export function diffAnnotations(ctx: DiffContext, older: SchemaNode, newer: SchemaNode): void {
  for (const [kw, rule] of Object.entries(TEXT)) {
    const a = older.schema[kw];
    const b = newer.schema[kw];
    if (canonical(a) === canonical(b)) continue;
    const what =
      typeof a === "string" && typeof b === "string"
        ? `${kw} changed: ${textDiff(a, b)}`
        : `${kw} changed: was ${show(a)}, now ${show(b)}`;
    emit(ctx, rule, pointerOf(newer, kw), what, pointerOf(older, kw));
  }
  for (const kw of new Set([...Object.keys(older.schema), ...Object.keys(newer.schema)])) {
    if (
      !(EDITOR.has(kw) || kw.startsWith("x-")) ||
      canonical(older.schema[kw]) === canonical(newer.schema[kw])
    )
      continue;
    emit(ctx, "annotation-changed", pointerOf(newer, kw), `${kw} changed`, pointerOf(older, kw));
  }
  diffDefault(ctx, older, newer);
}

function diffDefault(ctx: DiffContext, older: SchemaNode, newer: SchemaNode): void {
  const has = (n: SchemaNode) => Object.hasOwn(n.schema, "default");
  const a = older.schema.default;
  const b = newer.schema.default;
  if (has(older) === has(newer) && canonical(a) === canonical(b)) return;
  const at = pointerOf(newer, "default");
  const from = pointerOf(older, "default");
  if (!has(older)) emit(ctx, "default-added", at, `default added: ${show(b)}`, from);
  else if (!has(newer)) emit(ctx, "default-removed", at, `default removed: was ${show(a)}`, from);
  else if (isVersionField(ctx, older, newer))
    emit(ctx, "version-default-changed", at, `version default changed: was ${show(a)}, now ${show(b)}`, from);
  else
    emit(
      ctx,
      "default-changed",
      at,
      `default changed: was ${show(a)}, now ${show(b)}; a document without the value now means ${show(b)} to new readers and ${show(a)} to old ones (a change of meaning, no document is refused)`,
      from,
    );
}
