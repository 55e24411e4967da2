// The one test configuration of the repository: `pnpm test` runs every package's tests in one vitest
// process, so the number of test files running at once is chosen here, not multiplied per package.
// `KEEL_TEST=soak` selects the soak runs instead (`*.soak.test.*`: durability, load and crash runs, and
// every fake on a loaded machine), which `pnpm test:soak` runs after `pnpm test`.
import { readdirSync } from "node:fs";
import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const soak = process.env.KEEL_TEST === "soak";
const at = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const packages = readdirSync(at("packages/"), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => ({ name: d.name, root: at(`packages/${d.name}`) }));
const projects = [...packages, { name: "tools", root: at("tools") }];

export default defineConfig({
  test: {
    projects: projects.map(({ name, root }) => ({
      extends: true,
      test: {
        name,
        root,
        include: soak ? ["**/*.soak.test.{ts,mjs}"] : ["**/*.test.{ts,mjs}"],
        exclude: ["**/node_modules/**", "**/dist/**", ...(soak ? [] : ["**/*.soak.test.*"])],
      },
    })),
    // a hang guard, not a budget: correctness tests wait on events, so a slow machine is never a failure
    testTimeout: 600_000,
    hookTimeout: 600_000,
    teardownTimeout: 60_000,
    passWithNoTests: true,
    // test files at once: one per core (tests start processes of their own), `KEEL_TEST_WORKERS` to change
    maxWorkers: Number(process.env.KEEL_TEST_WORKERS) || availableParallelism(),
    globalSetup: [at("tools/test-kit/global-setup.ts")],
  },
});
