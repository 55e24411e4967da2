// Fault: prints a plain-text banner on stdout. Trips mira/stdout-json.
import { start } from "./_study.mjs";

console.log("fake study v0 ready");
start();
