// Fault: exits on a notification it does not know; keel reports the exit once (the checks after it are blocked). Trips mira/stays-up.
import { start } from "./_study.mjs";

start({ onNotification: (m) => m.method !== "event" && process.exit(0) });
