import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll } from "vitest";

// Every scratch directory a test file makes, removed when the file's tests are done (after their
// afterAll hooks, which await the children they started). Registered at import, during collection:
// vitest isolates each test file's modules, so each file gets its own hook and list.
const made: string[] = [];
afterAll(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
});

/** A fresh directory under the system temp dir (`prefix` names the test), removed after the file's tests. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}
