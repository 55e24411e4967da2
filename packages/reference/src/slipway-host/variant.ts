import type { NextVariant } from "@keel/slipway/types";

/**
 * A variant resolved to the argv to run (after the program name): its `base_argv` as given, each
 * supplied input inserted as two elements — flag, exact value — in schema order, before the sole `--`
 * when there is one, else appended. Never assembled from a display string.
 */
export function resolveVariant(variant: NextVariant, values: Record<string, string>): string[] {
  const inputs = variant.inputs.flatMap((i) => {
    const value = values[i.name];
    if (value === undefined) {
      if (i.required) throw new Error(`variant ${variant.id} needs its input ${i.name}`);
      return [];
    }
    return [i.flag, value];
  });
  const base = variant.base_argv.slice(1);
  const sep = base.indexOf("--");
  return sep === -1 ? [...base, ...inputs] : [...base.slice(0, sep), ...inputs, ...base.slice(sep)];
}
