// Fault: answers the unknown notification probe with an `{"id": null, "error": …}` line, as the Python SDK does (recorded). Warns mira/ignores-unknown-notifications.
import { start } from "./_study.mjs";

start({
  onNotification: (msg) =>
    process.stdout.write(
      `${JSON.stringify({ id: null, error: { code: -32601, message: `unknown method: ${msg.method}` } })}\n`,
    ),
});
