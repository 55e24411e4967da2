// A small, honest micro-benchmark: warm up, then time batches until ~`ms` has passed, several rounds,
// report the median µs per operation. Ratios are only meaningful between runs in the same process.
export function measure(fn, { ms = 250, rounds = 5 } = {}) {
  for (let i = 0; i < 200; i++) fn();
  const perOp = [];
  for (let r = 0; r < rounds; r++) {
    let ops = 0;
    let batch = 16;
    const start = performance.now();
    let elapsed = 0;
    while (elapsed < ms) {
      for (let i = 0; i < batch; i++) fn();
      ops += batch;
      batch = Math.min(batch * 2, 4096);
      elapsed = performance.now() - start;
    }
    perOp.push((elapsed * 1000) / ops);
  }
  perOp.sort((a, b) => a - b);
  return perOp[Math.floor(perOp.length / 2)];
}

export const fmt = (n, digits = 1) => n.toFixed(digits).padStart(8);
