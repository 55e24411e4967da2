// Fault: list_samples hands back the cursor it was given. Trips mira/pagination-complete.
import { start } from "./_study.mjs";

start({ handlers: { list_samples: (p) => ({ samples: [], next_cursor: p.cursor }) } });
