// Fault: exits on a line that is not JSON. Warns mira/survives-malformed-line.
import { start } from "./_study.mjs";

start({ onBadLine: () => process.exit(1) });
