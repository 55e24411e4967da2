// Fault: exits on a notification it does not know. Trips mira/ignores-unknown-notifications.
import { start } from "./_study.mjs";

start({ onNotification: (m) => m.method !== "event" && process.exit(0) });
