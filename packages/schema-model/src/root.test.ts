import { join, resolve } from "node:path";
import { UsageError } from "@keel/diagnostics";
import { afterEach, describe, expect, it } from "vitest";
import { checkoutRoot, findRoot, isCheckout } from "./root.js";

const repo = resolve(import.meta.dirname, "..", "..", "..");
// where an installed keel finds the schemas it ships (copied in by `pnpm pack`)
const packageDir = resolve(import.meta.dirname, "..");
const saved = process.env.KEEL_ROOT;
afterEach(() => {
  if (saved === undefined) delete process.env.KEEL_ROOT;
  else process.env.KEEL_ROOT = saved;
});

describe("checkout or installed", () => {
  it("finds the checkout from inside it and calls it one", () => {
    delete process.env.KEEL_ROOT;
    const root = findRoot(join(repo, "packages", "cli"));
    expect(root).toBe(repo);
    expect(isCheckout(root)).toBe(true);
    expect(checkoutRoot(join(repo, "packages"), "gen")).toBe(repo);
  });

  it("tells this package's own folder (an installed keel's schemas) from a checkout", () => {
    process.env.KEEL_ROOT = packageDir;
    expect(isCheckout(findRoot("/"))).toBe(false);
    expect(() => checkoutRoot("/tmp", "bump")).toThrow(UsageError);
    expect(() => checkoutRoot("/tmp", "bump")).toThrow(
      /^expected a keel repository checkout \(a folder with schemas\/registry\.json\) at or above \/tmp for `keel bump`, found none/,
    );
  });
});
