// Fault: never answers run (the runner must time out, not hang). Blocks mira/answers-every-request.
import { start } from "./_study.mjs";

start({ handlers: { run: () => undefined } });
