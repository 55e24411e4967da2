// Fault: answers a JSON line that is not an object with an error that has no id, as the TypeScript SDK does for [1,2] and 42 (recorded). Trips mira/message-valid.
import { start } from "./_study.mjs";

start({
  onNonObject: () =>
    process.stdout.write(
      `${JSON.stringify({ error: { code: -32601, message: "unknown method: undefined" } })}\n`,
    ),
});
