// Times `n` sequential calls of `once` after `warm` warm-up calls; returns µs per call.
export async function perCall(n, once, warm = 3) {
  for (let i = 0; i < warm; i++) await once(i);
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) await once(i);
  return Number(process.hrtime.bigint() - t0) / n / 1000;
}

/** Alternates raw and runner rounds and keeps the best of each, so load on a shared box hits both alike. */
export async function compare(rounds, raw, runner) {
  let best = { raw: Infinity, runner: Infinity };
  for (let r = 0; r < rounds; r++) {
    best = { raw: Math.min(best.raw, await raw()), runner: Math.min(best.runner, await runner()) };
  }
  return best;
}
