import { describe, expect, it } from "vitest";
import { parseTarget } from "../../process/target.js";
import { openColony, startMs } from "./colony.js";

// A colony that answers only after the start wait keel allowed before: a busy machine starts colonies slowly.
const LATE = startMs + 500;
const slowColony = `node -e "setTimeout(() => require('node:http').createServer((q, s) => s.end('{}')).listen(Number(process.argv[1]), '127.0.0.1'), ${LATE})" {port}`;

describe("a colony keel starts", () => {
  it("is waited for as long as --timeout's longest wait allows, not a fixed start limit", async () => {
    const options = {
      timeouts: { idleMs: 5000, capMs: LATE * 4 },
      maxCases: 1,
      concurrency: 1,
      exitMs: 1000,
      own: {},
    };
    const colony = await openColony(parseTarget(slowColony), options);
    try {
      expect(colony.couldNotStart).toBeUndefined();
    } finally {
      await colony.close();
    }
  });
});
