// Fault: answers a notification as if it were a request. Trips mira/response-id-known.
import { start } from "./_study.mjs";

start({
  onNotification: () =>
    process.stdout.write(`${JSON.stringify({ id: 0, error: { code: -32601, message: "unknown" } })}\n`),
});
