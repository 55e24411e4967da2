// Fault: crashes when asked to list. Trips mira/stays-up.
import { start } from "./_study.mjs";

start({ handlers: { list: () => process.exit(3) } });
