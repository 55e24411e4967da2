// Fault: marks "no such eval" retryable. Warns mira/unknown-eval.
import { start } from "./_study.mjs";

start({
  out: (m, write) =>
    write(
      m.error?.message?.startsWith("no such eval") ? { ...m, error: { ...m.error, retryable: true } } : m,
    ),
});
