import type { z } from "zod";

/** A check reporting `message` for the JSON Schema `keyword` when `ok` fails; skipped once the value already failed. */
export function rule<T>(keyword: string, message: string, ok: (value: T) => boolean): z.core.CheckFn<T> {
  return (ctx) => {
    if (ctx.issues.length === 0 && !ok(ctx.value))
      ctx.issues.push({ code: "custom", message, input: ctx.value, params: { keyword } });
  };
}

/** type "integer": any whole number, as ajv counts (zod's z.int() stops at 2^53). */
export const integer = rule<number>("type", "expected an integer", Number.isInteger);

/** Whether `value` satisfies `schema` (a subschema applied in place, as allOf/not/if do); runs it without building a ZodError. */
export function holds(schema: z.ZodType, value: unknown): boolean {
  const result = schema._zod.run({ value, issues: [] }, { async: false });
  if (result instanceof Promise) throw new Error("keel: zod schemas here are synchronous");
  return result.issues.length === 0;
}

/** An allOf branch checked in place is still part of the value's type: joined into what zod infers (types only). */
export function alsoMatches<T>(): <S extends z.ZodType>(schema: S) => z.ZodType<z.output<S> & T, z.input<S>> {
  return (schema) => schema as never;
}
