// Fault: emits finished before started. Trips mira/events-ordered.
import { start } from "./_study.mjs";

start({ events: () => ["finished", "turn", "started"] });
