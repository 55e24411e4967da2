// Fault: never answers run (the runner must time out, not hang). Trips mira/answers-every-request.
import { start } from "./_study.mjs";

start({ handlers: { run: () => undefined } });
