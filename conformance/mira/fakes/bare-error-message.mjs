// Fault: every error answer is a bare {message} (no code, no retryable), which the protocol allows: code is optional and defaults to 0. Warns mira/unknown-method.
import { start } from "./_study.mjs";

start({
  out: (m, write) => write(m.error ? { ...m, error: { message: m.error.message } } : m),
});
