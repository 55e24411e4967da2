// Fault: crashes (a traceback, exit 1) on a JSON line that is not an object — [1,2], null, 42 — as the Python SDK does (recorded). Warns mira/survives-non-object-line.
import { start } from "./_study.mjs";

start({
  onNonObject: (line) => {
    process.stderr.write(
      `Traceback (most recent call last):\nAttributeError: ${line} has no attribute 'get'\n`,
    );
    process.exit(1);
  },
});
