// Fault: says it cancelled a run but still answers it with a result. Trips mira/cancel-in-flight.
import { start } from "./_study.mjs";

start({ handlers: { cancel: (p) => ({ cancelled: p.id < 999999 }) } });
