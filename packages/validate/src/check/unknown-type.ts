import type { Finding } from "@keel/diagnostics";
import type { TypeSignature } from "./detect-type.js";

interface Fit {
  type: string;
  /** what in the document this type refuses: a forbidden property present, a fixed value differing */
  contradictions: { pointer: string; why: string }[];
  missing: string[];
  score: number;
}

const pointerOf = (key: string) => `/${key.replaceAll("~", "~0").replaceAll("/", "~1")}`;
const MAX_LISTED = 4;

/**
 * `validate/unknown-type` for a document no single type fits (or several fit equally): the nearest type
 * (most of its required and fixed properties present) and why each of the others is ruled out. Located
 * at the nearest type's first contradiction, else at the document.
 */
export function unknownType(
  protocol: string,
  signatures: readonly TypeSignature[],
  candidates: readonly string[],
  document: unknown,
): Finding {
  const hint = "name the type with --type to see every schema error against it";
  const base = { code: "validate/unknown-type", severity: "error" as const, hint };
  if (document === null || typeof document !== "object" || Array.isArray(document))
    return {
      ...base,
      pointer: "",
      message: `expected a ${protocol} document (a JSON object of one of its types: ${signatures.map((s) => s.type).join(", ")}), found ${describe(document)}`,
    };
  const doc = document as Record<string, unknown>;
  const fits = signatures
    .map((s) => fitOf(s, doc))
    .sort((a, b) => b.score - a.score || a.missing.length - b.missing.length);
  const tied = fits.filter(
    (f) => candidates.includes(f.type) && f.contradictions.length === 0 && f.missing.length === 0,
  );
  if (tied.length > 1)
    return {
      ...base,
      pointer: "",
      message: `expected a document of one ${protocol} type, found one that has every required property of ${tied.map((f) => f.type).join(" and ")}`,
    };
  const [nearest, ...others] = fits as [Fit, ...Fit[]];
  const listed = others.slice(0, MAX_LISTED).map((f) => `${f.type} (${why(f)})`);
  if (others.length > MAX_LISTED) listed.push(`${others.length - MAX_LISTED} more`);
  return {
    ...base,
    pointer: nearest.contradictions[0]?.pointer ?? "",
    message: `expected a document of one ${protocol} type, found none it fits: nearest is ${nearest.type} (${why(nearest)})${listed.length > 0 ? `; ruled out: ${listed.join(", ")}` : ""}`,
  };
}

function fitOf(s: TypeSignature, doc: Record<string, unknown>): Fit {
  const has = (name: string) => Object.hasOwn(doc, name);
  const contradictions = [
    ...s.forbidden
      .filter(has)
      .map((k) => ({ pointer: pointerOf(k), why: `${k} is present, ${s.type} forbids it` })),
    ...Object.entries(s.consts)
      .filter(([k, v]) => has(k) && JSON.stringify(doc[k]) !== JSON.stringify(v))
      .map(([k, v]) => ({
        pointer: pointerOf(k),
        why: `${k} is ${JSON.stringify(doc[k])}, ${s.type} has ${JSON.stringify(v)}`,
      })),
    ...Object.entries(s.choices ?? {})
      .filter(([k, vs]) => has(k) && !vs.some((v) => JSON.stringify(doc[k]) === JSON.stringify(v)))
      .map(([k, vs]) => ({
        pointer: pointerOf(k),
        why: `${k} is ${JSON.stringify(doc[k])}, ${s.type} has ${oneOf(vs)}`,
      })),
  ];
  const present = s.required.filter(has).length;
  const fixed = Object.entries(s.consts).filter(
    ([k, v]) => has(k) && JSON.stringify(doc[k]) === JSON.stringify(v),
  ).length;
  const missing = [...new Set(s.required.filter((n) => !has(n)))];
  return { type: s.type, contradictions, missing, score: present + 2 * fixed - contradictions.length };
}

function why(f: Fit): string {
  const parts = f.contradictions.map((c) => c.why);
  if (f.missing.length > 0) {
    const names = f.missing.slice(0, 3).join(", ");
    const more = f.missing.length > 3 ? ` and ${f.missing.length - 3} more` : "";
    parts.push(`missing required ${names}${more}`);
  }
  return parts.length > 0 ? parts.join("; ") : "fits its required and fixed properties";
}

function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return `an array of ${value.length} item${value.length === 1 ? "" : "s"}`;
  if (typeof value === "string")
    return `a string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value)}`;
  return `${typeof value === "number" ? "the number" : `a ${typeof value}`} ${String(value)}`;
}

/** `one of "a", "b", "c" and 4 more` */
function oneOf(values: readonly unknown[]): string {
  const shown = values.slice(0, MAX_LISTED).map((v) => JSON.stringify(v));
  const more = values.length > MAX_LISTED ? ` and ${values.length - MAX_LISTED} more` : "";
  return values.length === 1 ? (shown[0] ?? "") : `one of ${shown.join(", ")}${more}`;
}
