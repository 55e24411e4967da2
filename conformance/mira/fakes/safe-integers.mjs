// Fault: a run whose trial, trials or seed is past Number.MAX_SAFE_INTEGER (2^53: valid, within the seed's u64) is refused invalid params, as a safe-integer check does. Trips mira/run-valid.
import { base, start } from "./_study.mjs";

const unsafe = (n) => typeof n === "number" && !Number.isSafeInteger(n);

start({
  handlers: {
    run: (p) => {
      const bad = ["trial", "trials", "seed"].find((k) => unsafe(p[k]));
      if (bad) throw { rpc: { code: -32602, message: `${bad} is not a safe integer`, retryable: false } };
      return base.run(p);
    },
  },
});
