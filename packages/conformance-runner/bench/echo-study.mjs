// A trivial study for the overhead benchmark: answers every request with an empty result.
import { createInterface } from "node:readline";

createInterface({ input: process.stdin }).on("line", (line) => {
  const { id } = JSON.parse(line);
  process.stdout.write(`${JSON.stringify({ id, result: {} })}\n`);
});
