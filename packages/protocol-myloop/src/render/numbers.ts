/** A metric with at least `min` and at most 4 decimals: enough to round back to the record value. */
export function decimal(x: number, min = 2): string {
  const shown = String(x).split(".")[1]?.length ?? 0;
  return x.toFixed(Math.min(Math.max(shown, min), 4));
}
