// Fault: answers an unknown method with -32603 instead of -32601. Warns mira/unknown-method.
import { start } from "./_study.mjs";

start({
  out: (m, write) => write(m.error?.code === -32601 ? { ...m, error: { ...m.error, code: -32603 } } : m),
});
