// What npm users and the release need of each public package's package.json and README; the packed
// install (tools/packed-install.mjs) checks that the tarballs really work.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { privateDependencies, publicPackages, repoRoot } from "./public-packages.mjs";

const root = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8"));

describe.each(publicPackages())("$name", ({ dir }) => {
  const pkg = JSON.parse(readFileSync(join(dir, "package.json"), "utf8"));

  it("has what npm shows and needs: license, repository, engines, ESM, public access", () => {
    expect(pkg.private).toBe(false);
    expect(pkg.license).toBe("MIT");
    expect(pkg.repository).toMatchObject({ type: "git", directory: relative(repoRoot, dir) });
    expect(pkg.engines.node).toBe(root.engines.node);
    expect(pkg.type).toBe("module");
    expect(pkg.publishConfig).toEqual({ access: "public" });
    expect(pkg.files).toContain("dist");
  });

  it("resolves every entry point's types without `exports` too (moduleResolution node10: main, types, typesVersions)", () => {
    // TypeScript 7 no longer offers node10, so what it reads is checked here: the same files as `exports`
    expect(pkg.main).toBe(pkg.exports["."].default);
    expect(pkg.types).toBe(pkg.exports["."].types);
    const subpaths = Object.entries(pkg.exports).filter(([sub]) => sub !== "." && sub !== "./package.json");
    const expected = Object.fromEntries(subpaths.map(([sub, target]) => [sub.slice(2), [target.types]]));
    expect(pkg.typesVersions?.["*"] ?? {}).toEqual(expected);
  });

  it("exports types and code for every entry point, and its package.json", () => {
    for (const [sub, target] of Object.entries(pkg.exports)) {
      if (sub === "./package.json") continue;
      expect(Object.keys(target), sub).toEqual(["types", "default"]);
      expect(target.types).toMatch(/^\.\/dist\/.+\.d\.ts$/);
      expect(target.default).toBe(target.types.replace(/\.d\.ts$/, ".js"));
    }
    expect(pkg.exports["./package.json"]).toBe("./package.json");
  });

  it("has a README that says how to install and use it", () => {
    const readme = readFileSync(join(dir, "README.md"), "utf8");
    const section = readme.split(/^## Use it in your project$/m)[1];
    expect(section, "a '## Use it in your project' section").toBeDefined();
    expect(section).toContain("npm install");
    expect(section).toMatch(/^```(ts|sh)$/m);
  });

  it("ships run-time assets only through prepack (none committed in the package folder)", () => {
    const folders = ["schemas", "fixtures"].map((a) => relative(repoRoot, join(dir, a)));
    const r = spawnSync("git", ["ls-files", "--", ...folders], { cwd: repoRoot, encoding: "utf8" });
    expect(r.stdout).toBe("");
  });
});

describe("public packages", () => {
  it("depend on no private package (npm could not install them)", () => {
    expect(privateDependencies()).toEqual([]);
  });

  it("share one version (.changeset/config.json fixes them together)", () => {
    expect(new Set(publicPackages().map((p) => p.version)).size).toBe(1);
  });
});
