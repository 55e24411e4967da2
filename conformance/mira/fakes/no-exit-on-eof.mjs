// Fault: keeps running after stdin closes. Trips mira/exits-on-eof.
import { start } from "./_study.mjs";

start({ onEof: () => setInterval(() => {}, 1000) });
