// Fault: claims to cancel a request that was never in flight. Trips mira/cancel-unknown-id.
import { start } from "./_study.mjs";

start({ handlers: { cancel: () => ({ cancelled: true }) } });
