// Fault: an adapter whose library judges every document valid (schemas loaded, never applied). Trips validator/agrees.
import { createInterface } from "node:readline";

for await (const line of createInterface({ input: process.stdin })) {
  const msg = JSON.parse(line);
  const out =
    msg.op === "hello"
      ? { name: "accepts-everything", version: "0", language: "node" }
      : msg.op === "load"
        ? { ok: true }
        : { id: msg.id, valid: true, errors: [] };
  process.stdout.write(`${JSON.stringify({ keel_validator: 1, ...out })}\n`);
}
