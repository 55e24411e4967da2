// Fault: answers a notification as if it were a request (with id 0). Warns mira/ignores-unknown-notifications.
import { start } from "./_study.mjs";

start({
  onNotification: () =>
    process.stdout.write(`${JSON.stringify({ id: 0, error: { code: -32601, message: "unknown" } })}\n`),
});
