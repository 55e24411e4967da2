import { z } from "zod";

/** A union branch's cheap necessary condition (its type, required keys, const/enum tags); undefined: none known. */
export type Guard = ((value: unknown) => boolean) | undefined;

interface GuardedUnionDef extends z.core.$ZodUnionDef {
  guards: readonly Guard[];
}

/**
 * zod's union (anyOf) or xor (oneOf, inclusive: false) that runs only the branches whose guard admits the
 * value and answers at once when that settles it; otherwise it runs every branch as zod does, so a
 * failure carries zod's own issues.
 */
const GuardedUnion = z.core.$constructor<z.ZodUnion, GuardedUnionDef>("KeelGuardedUnion", (inst, def) => {
  if (def.inclusive === false) z.ZodXor.init(inst as unknown as z.ZodXor, def);
  else z.ZodUnion.init(inst, def);
  const full = inst._zod.parse;
  inst._zod.parse = (payload, ctx) => {
    let match: z.core.ParsePayload | undefined;
    for (let i = 0; i < def.options.length; i++) {
      if (def.guards[i]?.(payload.value) === false) continue;
      const result = (def.options[i] as z.core.$ZodType)._zod.run({ value: payload.value, issues: [] }, ctx);
      if (result instanceof Promise) return full(payload, ctx);
      if (result.issues.length > 0) continue;
      if (def.inclusive !== false) {
        payload.value = result.value;
        return payload;
      }
      if (match !== undefined) return full(payload, ctx);
      match = result;
    }
    if (match === undefined) return full(payload, ctx);
    payload.value = match.value;
    return payload;
  };
});

/** anyOf: z.union(options), skipping the branches whose guard refuses the value. */
export function anyOf<const T extends readonly z.core.SomeType[]>(
  options: T,
  guards: readonly Guard[],
): z.ZodUnion<T> {
  const branches = options as unknown as readonly z.core.$ZodType[];
  return new GuardedUnion({ type: "union", options: branches, guards }) as unknown as z.ZodUnion<T>;
}

/** oneOf: z.xor(options), skipping the branches whose guard refuses the value. */
export function oneOf<const T extends readonly z.core.SomeType[]>(
  options: T,
  guards: readonly Guard[],
): z.ZodXor<T> {
  const branches = options as unknown as readonly z.core.$ZodType[];
  return new GuardedUnion({
    type: "union",
    options: branches,
    inclusive: false,
    guards,
  }) as unknown as z.ZodXor<T>;
}
