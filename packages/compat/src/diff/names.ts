import { show } from "../canonical.js";
import type { Branch } from "./pairing.js";

/**
 * A name a reader understands for an alternative or constraint: the definition it refers to, its
 * title, its discriminator (`kind = "x"`), its condition, the names it requires, or its type — then
 * its position.
 */
export function describeBranch(b: Branch): string {
  const s = b.node.schema;
  const ref =
    b.raw !== null && typeof b.raw === "object" && typeof (b.raw as { $ref?: unknown }).$ref === "string"
      ? decodeURIComponent(((b.raw as { $ref: string }).$ref.split("/").pop() ?? "").replace(/^#/, ""))
      : undefined;
  const props = (s.properties ?? {}) as Record<string, { const?: unknown }>;
  const tags = Object.entries(props)
    .filter(([, v]) => v !== null && typeof v === "object" && Object.hasOwn(v, "const"))
    .map(([k, v]) => `${k} = ${show(v.const)}`);
  const label =
    (ref !== undefined && ref !== "" ? `"${ref}"` : undefined) ??
    (typeof s.title === "string" ? `"${s.title}"` : undefined) ??
    (tags.length > 0 ? `with ${tags.join(", ")}` : undefined) ??
    (s.if !== undefined ? `if ${show(s.if, 40)}` : undefined) ??
    (Array.isArray(s.required) && s.required.length > 0 ? `requiring ${s.required.join(", ")}` : undefined) ??
    (Object.hasOwn(s, "const") ? `${show(s.const)}` : undefined) ??
    (Array.isArray(s.enum) ? `one of ${show(s.enum, 40)}` : undefined) ??
    (s.type !== undefined
      ? `of type ${Array.isArray(s.type) ? s.type.join(" | ") : String(s.type)}`
      : undefined);
  return label === undefined ? `#${b.index}` : `${label} (#${b.index})`;
}
