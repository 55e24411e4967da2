// Fault: an adapter that reads its requests and never answers. Blocks validator/handshake.
import { createInterface } from "node:readline";

for await (const _ of createInterface({ input: process.stdin })) {
  // nothing: keel's --timeout must end the wait
}
