/** Runs `task` over `items` with at most `limit` in flight at once; the results in the items' order. */
export async function pool<T, R>(
  items: readonly T[],
  limit: number,
  task: (t: T, i: number) => Promise<R>,
): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await task(items[i] as T, i);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
