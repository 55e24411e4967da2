/**
 * JavaScript boolean expressions built with exactly the parentheses Biome prints (none that precedence
 * makes redundant, and `&&` inside `||` always grouped), so the generated module is formatted in one pass
 * and `keel gen --check` stays stable.
 */
export interface Expr {
  code: string;
  /** the operator at the top: a primary (call, name, member), `!x`, a comparison, `&&`, `||`, `?:` */
  kind: "primary" | "unary" | "compare" | "and" | "or" | "cond";
}

export const TRUE: Expr = { code: "true", kind: "primary" };
export const FALSE: Expr = { code: "false", kind: "primary" };

export const primary = (code: string): Expr => ({ code, kind: "primary" });
export const compare = (code: string): Expr => ({ code, kind: "compare" });

const group = (x: Expr, when: Expr["kind"][]): string => (when.includes(x.kind) ? `(${x.code})` : x.code);

export function not(x: Expr): Expr {
  if (x === TRUE) return FALSE;
  if (x === FALSE) return TRUE;
  return { code: `!${group(x, ["compare", "and", "or", "cond"])}`, kind: "unary" };
}

export function and(parts: Expr[]): Expr {
  const list = parts.filter((p) => p !== TRUE);
  if (list.some((p) => p === FALSE)) return FALSE;
  if (list.length === 0) return TRUE;
  if (list.length === 1) return list[0] as Expr;
  return { code: list.map((p) => group(p, ["or", "cond"])).join(" && "), kind: "and" };
}

export function or(parts: Expr[]): Expr {
  const list = parts.filter((p) => p !== FALSE);
  if (list.some((p) => p === TRUE)) return TRUE;
  if (list.length === 0) return FALSE;
  if (list.length === 1) return list[0] as Expr;
  return { code: list.map((p) => group(p, ["and", "cond"])).join(" || "), kind: "or" };
}

export function cond(test: Expr, then: Expr, otherwise: Expr): Expr {
  if (then === TRUE && otherwise === TRUE) return TRUE;
  const code = `${group(test, ["cond"])} ? ${group(then, ["cond"])} : ${group(otherwise, ["cond"])}`;
  return { code, kind: "cond" };
}

/** Exactly one of `tests` holds. */
export function exactlyOne(tests: Expr[]): Expr {
  return compare(`${tests.map((t) => `(${group(t, ["cond"])} ? 1 : 0)`).join(" + ")} === 1`);
}

/** The expression as an arrow function's body (Biome wraps a conditional there). */
export const body = (x: Expr): string => (x.kind === "cond" ? `(${x.code})` : x.code);
