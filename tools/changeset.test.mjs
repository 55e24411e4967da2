// `changeset version` on the workspace as configured (.changeset/config.json: one fixed version for every
// @keel package), run on a copy of the package manifests so the repository is untouched.
import { spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { publicPackages, repoRoot } from "./packed/public-packages.mjs";

const dir = mkdtempSync(join(tmpdir(), "keel-changeset-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const manifest = (d) => JSON.parse(readFileSync(join(dir, d, "package.json"), "utf8"));

describe("changeset version", () => {
  it("bumps every public package together and writes their changelogs", () => {
    for (const f of ["package.json", "pnpm-workspace.yaml", ".changeset/config.json"]) {
      mkdirSync(join(dir, f, ".."), { recursive: true });
      cpSync(join(repoRoot, f), join(dir, f));
    }
    for (const d of [...readdirSync(join(repoRoot, "packages")).map((p) => `packages/${p}`), "tools"]) {
      mkdirSync(join(dir, d), { recursive: true });
      cpSync(join(repoRoot, d, "package.json"), join(dir, d, "package.json"));
    }
    writeFileSync(join(dir, ".changeset/extra-field.md"), '---\n"@keel/myrmo": minor\n---\n\nMyrmo 1.1.\n');
    const before = manifest("packages/cli").version;
    const bin = join(repoRoot, "node_modules/@changesets/cli/bin.js");
    const r = spawnSync(process.execPath, [bin, "version"], { cwd: dir, encoding: "utf8" });
    expect(r.status, r.stdout + r.stderr).toBe(0);
    const [major, minor] = before.split(".").map(Number);
    const next = `${major}.${minor + 1}.0`; // a minor changeset, every package in the fixed group
    for (const p of publicPackages()) {
      const d = `packages/${p.dir.split("/").pop()}`;
      expect(manifest(d).version, p.name).toBe(next);
      expect(existsSync(join(dir, d, "CHANGELOG.md")), p.name).toBe(true);
    }
    expect(readFileSync(join(dir, "packages/protocol-myrmo/CHANGELOG.md"), "utf8")).toContain("Myrmo 1.1.");
    expect(manifest("tools").version).toBe("0.0.0");
  });
});
