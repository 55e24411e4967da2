import { json, type Obj, obj } from "../kit/values.js";
import type { Called, Context } from "./caller.js";

/** The variants of a document's `next` whose base_argv is a real argv (the rest are next-argv's findings). */
function variants(doc: Obj | undefined): { id: string; argv: string[]; inputs: Obj[] }[] {
  const list = obj(doc?.next)?.variants;
  if (!Array.isArray(list)) return [];
  return list.flatMap((v) => {
    const x = obj(v);
    const argv = x?.base_argv;
    if (!Array.isArray(argv) || argv.some((w) => typeof w !== "string")) return [];
    const inputs: Obj[] = Array.isArray(x?.inputs)
      ? (x.inputs as unknown[]).flatMap((i) => {
          const o = obj(i);
          return o ? [o] : [];
        })
      : [];
    return [{ id: String(x?.id ?? ""), argv: argv as string[], inputs }];
  });
}

/**
 * The argv that submits an outcome file by following `next` only: the variant with one required `path`
 * input, its base_argv without the program (keel calls the target instead) and the input as separate
 * argv elements (`--flag value`).
 */
export function submitArgv(doc: Obj | undefined, file: string): string[] | undefined {
  const v = variants(doc).find((x) => {
    const required = x.inputs.filter((i) => i.required === true);
    return required.length === 1 && required[0]?.type === "path";
  });
  if (!v) return undefined;
  const input = v.inputs.find((i) => i.required === true) as Obj;
  const flag = typeof input.flag === "string" ? [input.flag] : [];
  return [...v.argv.slice(1), ...flag, file];
}

/** The inputless variant whose argv holds `word` (skip, resume), without the program. */
export function variantArgv(doc: Obj | undefined, word: string): string[] | undefined {
  const v = variants(doc).find((x) => x.argv.includes(word) && x.inputs.every((i) => i.required !== true));
  return v?.argv.slice(1);
}

/** The action a `next` names: the value after --action in its first variant. */
export function nextActionId(doc: Obj | undefined): string | undefined {
  for (const v of variants(doc)) {
    const at = v.argv.indexOf("--action");
    if (at >= 0 && v.argv[at + 1]) return v.argv[at + 1];
  }
  return undefined;
}

/** A check that the call was refused with `code` and `exit`: judged on what it shows (the rest is the generic checks'). */
export function expectRefused(
  ctx: Context,
  check: string,
  what: string,
  a: Called,
  code: string,
  exit: 2 | 3,
): void {
  if (a.exit === null) return; // no exit at all: slipway/exits
  const found = a.error?.code;
  const problem =
    a.exit === 0
      ? `${what} was accepted (exit 0): ${json(a.doc ?? a.r.stdout)}`
      : typeof found === "string" && found !== code
        ? `${what} answered ${found} (exit ${a.exit})`
        : (a.exit === 2 || a.exit === 3) && a.exit !== exit
          ? `${what} exited ${a.exit}`
          : undefined;
  ctx.v.expect(check, problem, {
    expected: `${code}, exit ${exit}`,
    actual: `${json(found)}, exit ${a.exit}`,
  });
}

/** Same JSON (whatever the key order of the implementation, it is the same implementation both times). */
export const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
