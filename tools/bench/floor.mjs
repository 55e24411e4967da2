#!/usr/bin/env node
// The floor of bulk validation (issue 20): read a JSON Lines file, split it into lines and JSON.parse each,
// nothing else. `node floor.mjs <file>` prints how many documents it parsed.
import { readFileSync } from "node:fs";

let documents = 0;
for (const line of readFileSync(process.argv[2], "utf8").split("\n")) {
  if (line.trim() === "") continue;
  JSON.parse(line);
  documents += 1;
}
console.log(documents);
